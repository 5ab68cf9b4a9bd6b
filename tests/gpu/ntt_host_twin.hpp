// tests/gpu/ntt_host_twin.hpp — runs a schedule of ntt_schedule.hpp on the host: every tiled pass through
// NttPass<S>::Run with a block executor that runs each phase for all 256 threads in turn (the device runs them
// concurrently between barriers), every bit reversal thread by thread.
#pragma once
#include "gpu/ntt_schedule.hpp"

#include <stdexcept>
#include <vector>

namespace cuzk::gpu::test {

template <unsigned S> struct HostBlock {
  using P = NttPass<S>;
  std::vector<typename P::Thread> th = std::vector<typename P::Thread>(NTT_PASS_THREADS);
  // poisoned: a phase that reads a slot no thread wrote shows up as a wrong result
  std::vector<uint32_t> smem = std::vector<uint32_t>(size_t(P::TILE) * Fr::N, 0xA5A5A5A5u);
  uint32_t *Shared() { return smem.data(); }
  template <class F> void Each(F &&f) {
    for (uint32_t t = 0; t < th.size(); t++) f(th[t], t);
  }
  void Sync() {}
};

template <unsigned S> void RunPassOnHost(const NttPassArgs &a) {
  HostBlock<S> blk;
  for (uint32_t b = 0; b < NttPass<S>::Blocks(a); b++) NttPass<S>::Run(blk, a, b);
}

inline void RunPassOnHost(unsigned bits, const NttPassArgs &a) {
  switch (bits) {
  case 1:
    return RunPassOnHost<1>(a);
  case 2:
    return RunPassOnHost<2>(a);
  case 3:
    return RunPassOnHost<3>(a);
  case 4:
    return RunPassOnHost<4>(a);
  case 5:
    return RunPassOnHost<5>(a);
  case 6:
    return RunPassOnHost<6>(a);
  case 7:
    return RunPassOnHost<7>(a);
  case 8:
    return RunPassOnHost<8>(a);
  case 9:
    return RunPassOnHost<9>(a);
  default:
    throw std::logic_error("pass size out of range");
  }
}

struct HostTransposeBlock {
  std::vector<uint32_t> smem = std::vector<uint32_t>(NttBitReverseTile::SMEM_BYTES / 4, 0xA5A5A5A5u);
  uint32_t *Shared() { return smem.data(); }
  template <class F> void Each(F &&f) {
    NttBitReverseTile::Thread th;
    for (uint32_t t = 0; t < NTT_PASS_THREADS; t++) f(th, t);
  }
  void Sync() {}
};

inline void RunStepOnHost(const NttStep &s, unsigned log_n) {
  if (s.bit_reverse && log_n >= NttBitReverseTile::MIN_LOG) {
    HostTransposeBlock blk;
    for (uint32_t b = 0; b < NttBitReverseTile::Blocks(log_n); b++)
      NttBitReverseTile::Run(blk, s.x, log_n, s.br_scale, s.br_before, b);
    return;
  }
  if (s.bit_reverse) {
    for (uint32_t i = 0; i < (uint32_t(1) << log_n); i++) BitReverseScaleThread(s.x, i, log_n, s.br_scale, s.br_before);
    return;
  }
  RunPassOnHost(s.bits, s.pass);
}

//! a domain's tables in host memory, and the schedules run against them
struct HostNttDomain {
  unsigned log_n;
  NttTableData data;
  std::vector<Fr> tables;
  NttTables t;
  //! root_table_log: BuildNttTables' cap on the twist table (0: every twist geometric)
  explicit HostNttDomain(unsigned k, unsigned root_table_log = NTT_ROOT_TABLE_LOG)
      : log_n(k), data(BuildNttTables(k, root_table_log)) {
    for (const auto &x : data.all) tables.push_back(ToDevice<Fr>(x));
    t = ResolveNttTables(data, tables.data());
  }
  static std::vector<Fr> Dev(const std::vector<ff::Fr> &v) {
    std::vector<Fr> d(v.size());
    for (size_t i = 0; i < v.size(); i++) d[i] = ToDevice<Fr>(v[i]);
    return d;
  }
  static std::vector<ff::Fr> Host(const std::vector<Fr> &d) {
    std::vector<ff::Fr> v(d.size());
    for (size_t i = 0; i < d.size(); i++) v[i] = ToHost<ff::Fr>(d[i]);
    return v;
  }
  void Run(const std::vector<NttStep> &steps) const {
    for (const auto &s : steps) RunStepOnHost(s, log_n);
  }
  //! out_of_place: through a scratch vector (poisoned), the bit reversal fused into the lo = 0 pass
  std::vector<ff::Fr> Transform(const std::vector<ff::Fr> &a, NttKind kind, bool out_of_place = false) const {
    auto x = Dev(a);
    std::vector<Fr> scratch(out_of_place ? x.size() : 0, Dev({ff::Fr::FromUint(0xA5A5)})[0]);
    Run(TransformSteps(t, log_n, x.data(), kind, out_of_place ? scratch.data() : nullptr));
    return Host(x);
  }
  std::vector<ff::Fr> H(const std::vector<ff::Fr> &a, const std::vector<ff::Fr> &b, const std::vector<ff::Fr> &c,
                        bool natural_out) const {
    auto da = Dev(a), db = Dev(b), dc = Dev(c);
    Run(HSteps(t, log_n, da.data(), db.data(), dc.data(), natural_out));
    return Host(da);
  }
  //! H with c formed from a and b (HSteps' derived_c): c starts as a copy of a, as the prover leaves it
  std::vector<ff::Fr> HDerivedC(const std::vector<ff::Fr> &a, const std::vector<ff::Fr> &b, bool natural_out) const {
    auto da = Dev(a), db = Dev(b), dc = Dev(a);
    Run(HSteps(t, log_n, da.data(), db.data(), dc.data(), natural_out, true));
    return Host(da);
  }
};

} // namespace cuzk::gpu::test
