#!/usr/bin/env python3
"""tests/server/daemon_test.py — cuzk-daemon as a process, called by a client that is not ours.

Python's grpcio (Debian python3-grpcio) with stubs generated here from proto/cuzk/v1/proving.proto
by protoc and grpc_python_plugin: if our C++ service and the proto disagree, this client notices.
It starts the daemon from a temporary config on a temporary unix socket and checks start-up
(socket mode), GetStatus, GetMetrics (accepted by promtool), Prove and SubmitProof/AwaitProof on
all four kinds (served or FAILED with a message, never a crash), malformed and oversized requests
(INVALID_ARGUMENT / RESOURCE_EXHAUSTED) with the daemon serving on, cuzk-bench's client commands,
a second daemon refused on a live socket and on a TCP port in use, a TCP listener refused without
TLS or listen.insecure = true, a stale socket reclaimed, and SIGTERM/SIGINT exits.
"""
import argparse
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time

CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


class Ctx:
    pass


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def generate_stubs(args, out):
    os.makedirs(out)
    subprocess.run([args.protoc, f"-I{args.proto_dir}", f"--python_out={out}", f"--grpc_out={out}",
                    f"--plugin=protoc-gen-grpc={args.grpc_python_plugin}", "cuzk/v1/proving.proto"],
                   check=True)
    sys.path.insert(0, out)


def start_daemon(ctx, config, log_name):
    log = open(os.path.join(ctx.tmp, log_name), "wb")
    proc = subprocess.Popen([ctx.args.daemon, "-c", config], stdout=log, stderr=subprocess.STDOUT)
    return proc, log


def wait_ready(ctx, proc, timeout=30):
    pb = ctx.pb
    deadline = time.time() + timeout
    while time.time() < deadline:
        expect(proc.poll() is None, f"daemon exited early with {proc.returncode}")
        if os.path.exists(ctx.sock):
            try:
                ctx.stub.GetStatus(pb.GetStatusRequest(), timeout=2)
                return
            except ctx.grpc.RpcError:
                pass
        time.sleep(0.1)
    raise AssertionError("daemon not ready in time")


def rpc_error(fn):
    try:
        fn()
    except Exception as e:  # grpc.RpcError
        if hasattr(e, "code"):
            return e.code(), e.details()
        raise
    raise AssertionError("the call succeeded")


def payloads(pb):
    """One well-formed request per kind, with payload bytes no handler can accept."""
    zeros = bytes(32)
    return {
        "porep": pb.SubmitProofRequest(
            proof_kind=pb.POREP_SEAL_COMMIT, sector_size=2048, registered_proof=0, sector_number=1, miner_id=1000,
            vanilla_proof=b'{"SectorNum":1,"Phase1Out":"bm90IGEgQzE=","SectorSize":2048}'),
        "snap": pb.SubmitProofRequest(
            proof_kind=pb.SNAP_DEALS_UPDATE, registered_proof=0, vanilla_proofs=[b"\x01" * 64],
            comm_r_old=b"\x01" * 32, comm_r_new=b"\x02" * 32, comm_d_new=b"\x03" * 32),
        "wpost": pb.SubmitProofRequest(
            proof_kind=pb.WINDOW_POST_PARTITION, registered_proof=10, vanilla_proofs=[b"\x00" * 80],
            randomness=zeros, partition_index=0, miner_id=1000),
        "winning": pb.SubmitProofRequest(
            proof_kind=pb.WINNING_POST, registered_proof=0, vanilla_proofs=[b"\xff" * 80], randomness=zeros,
            miner_id=1000),
    }


@check
def command_line_overrides_config(ctx):
    def effective(*extra, env=None, config=ctx.config):
        p = subprocess.run([ctx.args.daemon, "-c", config, "--check-config", *extra], capture_output=True,
                           text=True, timeout=30, env=dict(os.environ, **(env or {})))
        expect(p.returncode == 0, p.stderr)
        return dict(line.split(" = ", 1) for line in p.stdout.splitlines() if " = " in line)
    base = effective(env={"RUST_LOG": ""})
    expect(base["daemon.listen"] == "unix://" + ctx.sock and base["logging.level"] == "debug", str(base))
    expect(base["daemon.max_message_size"] == "4.0 MiB", base["daemon.max_message_size"])
    expect(base["listener"].startswith("unix socket, mode 0660"), base["listener"])
    expect(base["listen.insecure"] == "false" and base["listen.token_file"] == "(unset)", str(base))
    over = effective("-l", "127.0.0.1:0", "--param-cache", "/elsewhere", env={"RUST_LOG": "warn"},
                     config=ctx.tcp_config)
    expect(over["daemon.listen"] == "127.0.0.1:0" and over["srs.param_cache"] == "/elsewhere", str(over))
    expect(over["logging.level"] == "warn", "RUST_LOG (a plain level) beats the file")
    expect(over["listen.insecure"] == "true", str(over))
    expect(over["listener"].startswith("plaintext, no token (listen.insecure = true); warning: "), over["listener"])
    expect(effective("--log-level", "error", env={"RUST_LOG": "warn"})["logging.level"] == "error",
           "--log-level beats RUST_LOG")
    p = subprocess.run([ctx.args.daemon, "-c", os.path.join(ctx.tmp, "missing.toml")], capture_output=True,
                       text=True, timeout=30)
    expect(p.returncode == 1 and "does not exist" in p.stderr, "an explicit -c file that is missing must fail")


@check
def check_config_shows_gpu_tuning_and_the_parameter_directory(ctx):
    def check_config(text, env=None):
        path = os.path.join(ctx.tmp, "tuning.toml")
        with open(path, "w") as f:
            f.write(text)
        return subprocess.run([ctx.args.daemon, "-c", path, "--check-config"], capture_output=True, text=True,
                              timeout=30, env=dict(os.environ, **(env or {})))

    def effective(p):
        expect(p.returncode == 0, p.stdout + p.stderr)
        return dict(line.split(" = ", 1) for line in p.stdout.splitlines() if " = " in line)
    defaults = effective(check_config("", env={"FIL_PROOFS_PARAMETER_CACHE": "/srv/fil-params"}))
    expect(defaults["gpus.msm_window_bits"] == "0 (cost model)", str(defaults))
    expect(defaults["gpus.msm_profile"] == "false" and defaults["gpus.derive_c"] == "false", str(defaults))
    # srs.param_cache unset: the directory the engine will use, resolved once, with where it came from
    expect(defaults["srs.param_cache"].startswith("/srv/fil-params ($FIL_PROOFS_PARAMETER_CACHE"),
           defaults["srs.param_cache"])
    tuned = effective(check_config("[gpus]\nmsm_window_bits = 16\nmsm_profile = true\nderive_c = true\n"))
    expect(tuned["gpus.msm_window_bits"] == "16" and tuned["gpus.msm_profile"] == "true"
           and tuned["gpus.derive_c"] == "true", str(tuned))
    bad = check_config("[gpus]\nmsm_window_bits = 30\n")
    expect(bad.returncode == 1 and "gpus.msm_window_bits: expected 0 (each MSM's width from the cost model) or a "
           "window width from 4 to 22" in bad.stderr, bad.stdout + bad.stderr)


@check
def tcp_without_tls_or_insecure_is_refused(ctx):
    # the file's unix socket overridden by a TCP -l: [listen] has neither TLS nor insecure = true
    p = subprocess.run([ctx.args.daemon, "-c", ctx.config, "-l", "127.0.0.1:0"], capture_output=True, text=True,
                       timeout=30)
    out = p.stdout + p.stderr
    expect(p.returncode == 1, f"exit status {p.returncode}: {out}")
    expect("TCP listener 127.0.0.1:0 needs TLS and a bearer token: set listen.tls_cert, listen.tls_key and "
           "listen.token_file" in out and "listen.insecure = true" in out, out)
    p = subprocess.run([ctx.args.daemon, "-c", ctx.config, "-l", "127.0.0.1:0", "--check-config"],
                       capture_output=True, text=True, timeout=30)
    expect(p.returncode == 1 and "listener = refused: TCP listener 127.0.0.1:0 needs TLS" in p.stdout,
           p.stdout + p.stderr)


@check
def socket_is_0660(ctx):
    mode = os.lstat(ctx.sock).st_mode
    expect(stat.S_ISSOCK(mode), "not a socket")
    expect(stat.S_IMODE(mode) == 0o660, f"mode {oct(stat.S_IMODE(mode))}")


@check
def status_at_start(ctx):
    s = ctx.stub.GetStatus(ctx.pb.GetStatusRequest(), timeout=5)
    expect(len(s.gpus) >= 1, "no proving device listed")
    expect(s.gpus[0].name != "", "device without a name")
    expect(s.total_proofs_completed == 0 and s.total_proofs_failed == 0, "counters not zero")


@check
def every_kind_is_served_or_failed_with_a_message(ctx):
    pb = ctx.pb
    for name, req in payloads(pb).items():
        req.request_id = f"py-{name}"
        r = ctx.stub.Prove(pb.ProveRequest(submit=req), timeout=120).result
        expect(r.job_id == f"py-{name}", f"{name}: job id {r.job_id!r}")
        # garbage payloads can never prove; the failure carries a reason
        expect(r.status == pb.AwaitProofResponse.FAILED, f"{name}: status {r.status}")
        expect(r.error_message != "", f"{name}: FAILED without a message")
        expect(r.proof == b"", f"{name}: a failed proof has bytes")
        print(f"  {name}: FAILED: {r.error_message}")


@check
def submit_then_await(ctx):
    pb = ctx.pb
    req = payloads(pb)["winning"]
    req.request_id = "py-submit"
    sub = ctx.stub.SubmitProof(req, timeout=10)
    expect(sub.job_id == "py-submit", f"job id {sub.job_id!r}")
    r = ctx.stub.AwaitProof(pb.AwaitProofRequest(job_id="py-submit", timeout_ms=60000), timeout=70)
    # the same garbage payload as above: it can never prove, so the job ends FAILED with a reason
    expect(r.status == pb.AwaitProofResponse.FAILED, f"status {r.status}")
    expect(r.error_message != "", "FAILED without a message")
    code, _ = rpc_error(lambda: ctx.stub.AwaitProof(pb.AwaitProofRequest(job_id="nope", timeout_ms=10), timeout=5))
    expect(code == ctx.grpc.StatusCode.NOT_FOUND, f"unknown job: {code}")
    code, _ = rpc_error(lambda: ctx.stub.CancelProof(pb.CancelProofRequest(job_id="nope"), timeout=5))
    expect(code == ctx.grpc.StatusCode.NOT_FOUND, f"cancel unknown job: {code}")


@check
def malformed_requests_are_invalid_argument(ctx):
    pb, grpc = ctx.pb, ctx.grpc
    cases = [
        (pb.SubmitProofRequest(proof_kind=0), "invalid proof_kind: 0"),
        (pb.SubmitProofRequest(proof_kind=7, vanilla_proof=b"x"), "invalid proof_kind: 7"),
        (pb.SubmitProofRequest(proof_kind=pb.WINNING_POST, vanilla_proofs=[b"x"], randomness=b"\x00" * 31),
         "randomness: expected 32 bytes, got 31"),
        (pb.SubmitProofRequest(proof_kind=pb.WINDOW_POST_PARTITION, registered_proof=2, vanilla_proofs=[b"x"],
                               randomness=bytes(32)), "registered_proof: 2 is not a WindowPoSt proof"),
        (pb.SubmitProofRequest(proof_kind=pb.SNAP_DEALS_UPDATE, vanilla_proofs=[b"x"]),
         "comm_r_old: required for SNAP_DEALS_UPDATE"),
        (pb.SubmitProofRequest(proof_kind=pb.POREP_SEAL_COMMIT), "vanilla_proof: required for POREP_SEAL_COMMIT"),
    ]
    for req, want in cases:
        code, details = rpc_error(lambda: ctx.stub.Prove(pb.ProveRequest(submit=req), timeout=10))
        expect(code == grpc.StatusCode.INVALID_ARGUMENT, f"{want}: {code}")
        expect(details.startswith(want), f"{details!r} does not start with {want!r}")
    code, details = rpc_error(lambda: ctx.stub.Prove(pb.ProveRequest(), timeout=10))
    expect(code == grpc.StatusCode.INVALID_ARGUMENT and details == "submit: required", details)


@check
def garbage_and_oversized_messages_are_refused(ctx):
    pb, grpc = ctx.pb, ctx.grpc
    # bytes that are not a ProveRequest at all, sent past the generated serializer
    raw = ctx.channel.unary_unary("/cuzk.v1.ProvingEngine/Prove", request_serializer=None,
                                  response_deserializer=None)
    for garbage in (b"\xff\xff\xff\xff", b"\x0a\x80\x80\x80\x80\x10", b"\x0a\x05\x12"):
        code, _ = rpc_error(lambda: raw(garbage, timeout=10))
        expect(code != grpc.StatusCode.OK, "garbage accepted")
    # the test config sets daemon.max_message_size = 4MiB
    big = payloads(pb)["winning"]
    big.vanilla_proofs.append(b"\x00" * (5 << 20))
    code, _ = rpc_error(lambda: ctx.stub.Prove(pb.ProveRequest(submit=big), timeout=30))
    expect(code == grpc.StatusCode.RESOURCE_EXHAUSTED, f"oversized: {code}")


@check
def still_serving_with_honest_counters(ctx):
    s = ctx.stub.GetStatus(ctx.pb.GetStatusRequest(), timeout=5)
    # four kinds + the submitted one; malformed requests never became jobs
    expect(s.total_proofs_completed + s.total_proofs_failed == 5,
           f"completed {s.total_proofs_completed} failed {s.total_proofs_failed}")


@check
def metrics_pass_promtool(ctx):
    text = ctx.stub.GetMetrics(ctx.pb.GetMetricsRequest(), timeout=5).prometheus_text
    for want in ("cuzk_uptime_seconds", 'cuzk_rpc_requests_total{rpc="Prove",code="INVALID_ARGUMENT"} 7'):
        expect(want in text, f"{want!r} missing from metrics")
    expect(ctx.args.promtool != "", "promtool not found (Debian package prometheus, in scripts/packages.sh)")
    p = subprocess.run([ctx.args.promtool, "check", "metrics"], input=text.encode(), capture_output=True)
    expect(p.returncode == 0, f"promtool: {p.stdout.decode()}{p.stderr.decode()}")


@check
def bench_client_commands(ctx):
    addr = "unix://" + ctx.sock
    for cmd, want in ((["status"], "devices ("), (["metrics"], "cuzk_uptime_seconds"),
                      (["evict", "-c", "winning-2k"], "was not loaded")):
        p = subprocess.run([ctx.args.bench, "-a", addr] + cmd, capture_output=True, text=True, timeout=60)
        expect(p.returncode == 0, f"cuzk-bench {cmd}: rc {p.returncode}: {p.stderr}")
        expect(want in p.stdout, f"cuzk-bench {cmd}: {want!r} not in output")
    vanilla = os.path.join(ctx.tmp, "vanilla.json")
    with open(vanilla, "w") as f:
        f.write('["AQID"]')  # one sector, as WinningPoSt takes: its bytes are garbage (FAILED, not refused)
    p = subprocess.run([ctx.args.bench, "single", "-a", addr, "-t", "winningpost", "--vanilla", vanilla],
                       capture_output=True, text=True, timeout=120)
    expect(p.returncode == 1, f"single on garbage: rc {p.returncode}")
    expect("=== Proof Result ===" in p.stdout and "status:     FAILED" in p.stdout, p.stdout)
    report = os.path.join(ctx.tmp, "batch.json")
    p = subprocess.run([ctx.args.bench, "batch", "-a", addr, "-t", "winning", "--vanilla", vanilla, "-c", "4", "-j",
                        "2", "--json", report], capture_output=True, text=True, timeout=120)
    expect("proofs:      4 (completed 0, failed 4)" in p.stdout, p.stdout + p.stderr)
    with open(report) as f:
        data = json.load(f)
    expect(data["count"] == 4 and data["failed"] == 4 and len(data["proofs"]) == 4, str(data))
    expect(all(row["status"] == "FAILED" and row["error"] for row in data["proofs"]), str(data["proofs"]))
    p = subprocess.run([ctx.args.bench, "stress", "-a", addr, "-m", f"winning:600:{vanilla}", "-d", "1", "--progress",
                        "0.5"], capture_output=True, text=True, timeout=120)
    expect("=== Stress Summary" in p.stdout and "completed 0, failed 10," in p.stdout, p.stdout + p.stderr)
    # the same through a request file (each kind of a mix then carries its own flags), and one
    # named for another kind refused before anything is sent
    request = os.path.join(ctx.tmp, "winning-request.txt")
    with open(request, "w") as f:
        f.write("type winning\nvanilla vanilla.json\n")
    p = subprocess.run([ctx.args.bench, "stress", "-a", addr, "-m", f"winning:600:{request}", "-d", "1", "--progress",
                        "0.5"], capture_output=True, text=True, timeout=120)
    expect("=== Stress Summary" in p.stdout and "completed 0, failed 10," in p.stdout, p.stdout + p.stderr)
    p = subprocess.run([ctx.args.bench, "stress", "-a", addr, "-m", f"porep:600:{request}", "-d", "1"],
                       capture_output=True, text=True, timeout=120)
    expect(p.returncode != 0 and "is for another proof kind" in p.stderr, f"rc {p.returncode}: {p.stderr}")


@check
def second_daemon_on_a_live_socket_is_refused(ctx):
    proc, log = start_daemon(ctx, ctx.config, "second.log")
    rc = proc.wait(timeout=30)
    log.close()
    text = open(os.path.join(ctx.tmp, "second.log")).read()
    expect(rc != 0, "a second daemon started on a live socket")
    expect("another process is listening on " + ctx.sock in text, text)


@check
def second_daemon_on_a_tcp_port_in_use_is_refused(ctx):
    # gRPC would share the port (SO_REUSEPORT) and the kernel split connections between the two
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    addr = f"127.0.0.1:{port}"
    first_log = open(os.path.join(ctx.tmp, "tcp-first.log"), "wb")
    first = subprocess.Popen([ctx.args.daemon, "-c", ctx.tcp_config, "-l", addr], stdout=first_log,
                             stderr=subprocess.STDOUT)
    try:
        stub = ctx.pb_grpc.ProvingEngineStub(ctx.grpc.insecure_channel(addr))
        deadline = time.time() + 30
        while True:
            expect(first.poll() is None, f"the first TCP daemon exited with {first.returncode}")
            try:
                stub.GetStatus(ctx.pb.GetStatusRequest(), timeout=2)
                break
            except ctx.grpc.RpcError:
                expect(time.time() < deadline, "the first TCP daemon is not ready")
                time.sleep(0.1)
        p = subprocess.run([ctx.args.daemon, "-c", ctx.tcp_config, "-l", addr], capture_output=True, text=True,
                           timeout=30)
        expect(p.returncode != 0, "a second daemon started on a TCP port in use")
        expect(f"cannot listen on {addr}: Address already in use" in p.stdout + p.stderr, p.stdout + p.stderr)
        stub.GetStatus(ctx.pb.GetStatusRequest(), timeout=5)  # the first one serves on
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=60)
        first_log.close()


def stop(proc, sig, ctx):
    t0 = time.time()
    proc.send_signal(sig)
    rc = proc.wait(timeout=60)
    expect(rc == 0, f"exit status {rc} after {signal.Signals(sig).name}")
    expect(time.time() - t0 < 15, "shutdown took too long")
    expect(not os.path.exists(ctx.sock), "socket left behind")


def main():
    ap = argparse.ArgumentParser()
    for a in ("--daemon", "--bench", "--proto-dir", "--protoc", "--grpc-python-plugin"):
        ap.add_argument(a, required=True)
    ap.add_argument("--promtool", default="")
    args = ap.parse_args()

    ctx = Ctx()
    ctx.args = args
    ctx.tmp = tempfile.mkdtemp(prefix="cuzk-daemon-test-")
    ok = False
    proc = None
    try:
        generate_stubs(args, os.path.join(ctx.tmp, "py"))
        import grpc
        from cuzk.v1 import proving_pb2, proving_pb2_grpc
        ctx.grpc, ctx.pb, ctx.pb_grpc = grpc, proving_pb2, proving_pb2_grpc
        ctx.sock = os.path.join(ctx.tmp, "run", "cuzk.sock")
        ctx.config = os.path.join(ctx.tmp, "cuzk.toml")
        with open(ctx.config, "w") as f:
            f.write(f'[daemon]\nlisten = "unix://{ctx.sock}"\nmax_message_size = "4MiB"\nshutdown_grace = "5s"\n'
                    f'[srs]\nparam_cache = "{ctx.tmp}/params"\n[logging]\nlevel = "debug"\n')
        # the same with plaintext TCP allowed, for the checks that listen on 127.0.0.1 (TLS and the
        # token are tested in tests/server/tls_test.cpp)
        ctx.tcp_config = os.path.join(ctx.tmp, "cuzk-tcp.toml")
        with open(ctx.config) as f, open(ctx.tcp_config, "w") as g:
            g.write(f.read() + "[listen]\ninsecure = true\n")
        os.makedirs(os.path.join(ctx.tmp, "params"))
        ctx.channel = grpc.insecure_channel("unix:" + ctx.sock, options=[
            ("grpc.max_send_message_length", 64 << 20), ("grpc.max_receive_message_length", 64 << 20)])
        ctx.stub = proving_pb2_grpc.ProvingEngineStub(ctx.channel)

        proc, log = start_daemon(ctx, ctx.config, "daemon.log")
        wait_ready(ctx, proc)
        for fn in CHECKS:
            fn(ctx)
            print(f"ok   {fn.__name__}")
        stop(proc, signal.SIGTERM, ctx)
        print("ok   sigterm_exits_cleanly")

        # a daemon killed outright leaves its socket; the next one reclaims it
        proc, log = start_daemon(ctx, ctx.config, "daemon2.log")
        wait_ready(ctx, proc)
        proc.kill()
        proc.wait()
        expect(os.path.exists(ctx.sock), "no stale socket after SIGKILL")
        proc, log = start_daemon(ctx, ctx.config, "daemon3.log")
        wait_ready(ctx, proc)
        stop(proc, signal.SIGINT, ctx)
        print("ok   stale_socket_reclaimed_and_sigint_exits_cleanly")
        ok = True
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
        if not ok:
            for name in ("daemon.log", "daemon2.log", "daemon3.log"):
                path = os.path.join(ctx.tmp, name)
                if os.path.exists(path):
                    print(f"--- {name} ---")
                    print(open(path, errors="replace").read()[-8000:])
        shutil.rmtree(ctx.tmp, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
