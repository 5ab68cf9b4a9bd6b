// src/gpu/groth16_backend.cpp — see groth16_backend.hpp.
#include "gpu/groth16_backend.hpp"

#include "base/phase_timer.hpp"
#include "gpu/gather.hpp"
#include "gpu/msm.hpp"
#include "gpu/ntt.hpp"
#include "gpu/pce_device.hpp"
#include "gpu/scalar_split.hpp"
#include "gpu/witness_unpack.hpp"
#include "pce/deferred.hpp"
#include "poly/domain.hpp"

#include <tbb/parallel_invoke.h>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <array>
#include <chrono>
#include <cstring>
#include <future>
#include <map>
#include <mutex>
#include <span>
#include <stdexcept>
#include <type_traits>

namespace cuzk::gpu {

using groth16::G1;
using groth16::G2;
using groth16::Parameters;
using groth16::PartialProof;
using groth16::ProverTimings;

namespace {

//! NttDomain builds domains up to 2^28 (gpu/ntt.hpp)
constexpr unsigned MAX_DEVICE_LOG_DOMAIN = 28;

//! the host-side plan of one circuit's witness MSMs (made while the device computes H)
struct WitnessPlan {
  ScalarSplit l, a_inputs, a_aux, b_inputs, b_aux;
  //! l was made already, for this circuit (its bitmap and tail were the packed witness upload)
  bool l_ready = false;
  // the five plans are independent scans of the witness: one thread each (TBB's pool, shared
  // with the rest of the process) keeps them shorter than the H phase they hide behind
  void Make(const r1cs::ProvingAssignment &pa) {
    const bool make_l = !l_ready;
    l_ready = false;
    tbb::parallel_invoke(
        [&] {
          if (make_l) SplitScalars(pa.AuxSource(), nullptr, l);
        },
        [&] { SplitScalars(pa.input_assignment, nullptr, a_inputs); },
        [&] { SplitScalars(pa.AuxSource(), &pa.a_aux_density, a_aux); },
        [&] { SplitScalars(pa.input_assignment, &pa.b_input_density, b_inputs); },
        [&] { SplitScalars(pa.AuxSource(), &pa.b_aux_density, b_aux); });
  }
};

} // namespace

struct GpuBackend::Impl {
  //! derive_c: c = a∘b formed on the device, not copied (groth16_backend.hpp); msm: every Msm's knobs
  const GpuTuning tuning;
  Device dev;
  std::shared_ptr<SrsCache> cache;
  std::shared_ptr<DevicePceCache> pce_cache;
  Stream stream;
  std::map<unsigned, std::unique_ptr<NttDomain>> domains;
  std::unique_ptr<MsmG1> msm_g1;
  std::unique_ptr<MsmG2> msm_g2;
  size_t msm_g1_cap = 0, msm_g2_cap = 0;
  std::unique_ptr<BatchAddG1> add_g1;
  std::unique_ptr<BatchAddG2> add_g2;
  ScratchBuffer<ff::Fr> abc, scalars;
  ScratchBuffer<ff::Fr> witness; //!< inputs then aux of an assignment whose a, b, c are formed here
  // that witness's aux values as sent (witness_unpack.cuh): ones bitmap, tail indices and values
  ScratchBuffer<uint64_t> witness_bits;
  ScratchBuffer<uint32_t> witness_tail_index;
  ScratchBuffer<ff::Fr> witness_tail;
  bool witness_packed = false;
  size_t deferred_on_device = 0, deferred_on_host = 0;
  ScratchBuffer<uint32_t> index;
  ScratchBuffer<uint64_t> bitmap;
  ScratchBuffer<ec::G1Affine> gathered_g1, streamed_g1;
  ScratchBuffer<ec::G2Affine> gathered_g2, streamed_g2;
  WitnessPlan plan;
  // Host → device copies go through two pinned halves: a copy from pageable memory (the witness,
  // a, b, c) runs at a fraction of PCIe's pinned rate, so each chunk is copied into a pinned half
  // by several threads while the DMA of the other half runs.
  static constexpr size_t STAGE_BYTES = size_t(64) << 20;
  static constexpr size_t DIRECT_BYTES = size_t(4) << 20; // below this, staging costs more than it saves
  PinnedBuffer<uint8_t> stage;
  Event stage_free[2];

  // a, b, c are copied on their own stream: the H step of one vector runs while the next is copied
  Stream copy_stream;
  Event abc_ready[3];
  Impl(const Device &d, std::shared_ptr<SrsCache> c, std::shared_ptr<DevicePceCache> p, const GpuTuning &t)
      : tuning(t), dev(d), cache(std::move(c)), pce_cache(std::move(p)), stream(d), abc(d), scalars(d), witness(d),
        witness_bits(d), witness_tail_index(d), witness_tail(d), index(d), bitmap(d), gathered_g1(d), streamed_g1(d),
        gathered_g2(d), streamed_g2(d), stage(d, 2 * STAGE_BYTES), stage_free{Event(d), Event(d)},
        copy_stream(d), abc_ready{Event(d), Event(d), Event(d)} {}

  //! queues a copy of bytes from host memory to dst on `on` (default: the stream); src may be reused on return
  void Upload(void *dst, const void *src, size_t bytes, const Stream *on = nullptr) {
    const Stream &st = on ? *on : stream;
    auto *d = static_cast<uint8_t *>(dst);
    const auto *h = static_cast<const uint8_t *>(src);
    if (bytes < DIRECT_BYTES) {
      if (bytes) CUZK_CUDA_CHECK(cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, st.Get()));
      return;
    }
    for (size_t off = 0, half = 0; off < bytes; off += STAGE_BYTES, half ^= 1) {
      const size_t len = std::min(STAGE_BYTES, bytes - off);
      uint8_t *slot = stage.Data() + half * STAGE_BYTES;
      stage_free[half].Synchronize(); // the DMA that last read this half is done
      tbb::parallel_for(tbb::blocked_range<size_t>(0, len, size_t(1) << 20), [&](const tbb::blocked_range<size_t> &r) {
        std::memcpy(slot + r.begin(), h + off + r.begin(), r.size());
      });
      CUZK_CUDA_CHECK(cudaMemcpyAsync(d + off, slot, len, cudaMemcpyHostToDevice, st.Get()));
      stage_free[half].Record(st);
    }
  }

  const NttDomain &Domain(unsigned log_n) {
    auto &d = domains[log_n];
    if (!d) d = std::make_unique<NttDomain>(dev, log_n);
    return *d;
  }
  // Pippenger scratch sized for the largest run seen (runs are capped at MAX_RUN points)
  template <class C> Msm<C> &MsmFor(size_t n) {
    const size_t need = std::min(n, Msm<C>::MAX_RUN);
    if constexpr (std::is_same_v<C, ec::G1Curve>) {
      if (!msm_g1 || msm_g1_cap < need) {
        msm_g1.reset();
        msm_g1 = std::make_unique<MsmG1>(dev, need, tuning.msm);
        msm_g1_cap = need;
      }
      return *msm_g1;
    } else {
      if (!msm_g2 || msm_g2_cap < need) {
        msm_g2.reset();
        msm_g2 = std::make_unique<MsmG2>(dev, need, tuning.msm);
        msm_g2_cap = need;
      }
      return *msm_g2;
    }
  }
  template <class C> BatchAdd<C> &Adder() {
    if constexpr (std::is_same_v<C, ec::G1Curve>) {
      if (!add_g1) add_g1 = std::make_unique<BatchAddG1>(dev, tuning.msm);
      return *add_g1;
    } else {
      if (!add_g2) add_g2 = std::make_unique<BatchAddG2>(dev, tuning.msm);
      return *add_g2;
    }
  }
  template <class C> ec::Affine<C> *Gathered(size_t n) {
    if constexpr (std::is_same_v<C, ec::G1Curve>)
      return gathered_g1.Reserve(n);
    else
      return gathered_g2.Reserve(n);
  }

  //! the device copy of one base set: resident, or uploaded now into the streaming buffer (whose
  //! previous contents are dead: every MSM waits for its result before returning)
  template <class C>
  const ec::Affine<C> *Bases(const DeviceBuffer<ec::Affine<C>> *resident, const std::vector<ec::Affine<C>> &host) {
    if (resident) return resident->Data();
    ec::Affine<C> *buf;
    if constexpr (std::is_same_v<C, ec::G1Curve>)
      buf = streamed_g1.Reserve(host.size());
    else
      buf = streamed_g2.Reserve(host.size());
    Upload(buf, host.data(), host.size() * sizeof(ec::Affine<C>));
    return buf;
  }

  //! a batch-add plan's packed scalars already on the device (the packed witness upload is the L plan)
  struct OnDevice {
    uint64_t *ones = nullptr;
    uint32_t *tail_index = nullptr;
    ff::Fr *tail_value = nullptr; //!< the MSM may overwrite it
  };

  //! Σ kⱼ·bases[j] by the plan sp; with `resident`, sp's packed scalars are not uploaded again
  template <class C>
  ec::Jacobian<C> RunSplit(const ec::Affine<C> *bases, const ScalarSplit &sp, const OnDevice *resident = nullptr) {
    if (sp.n == 0) return ec::Jacobian<C>::Infinity();
    if (!sp.use_batch_add) {
      ff::Fr *k = scalars.Reserve(sp.n);
      Upload(k, sp.scalars.data(), sp.n * sizeof(ff::Fr));
      return MsmFor<C>(sp.n).Run(bases, k, sp.n, stream);
    }
    ec::Jacobian<C> acc = ec::Jacobian<C>::Infinity();
    if (sp.packed.ones_count) {
      uint64_t *bits = resident ? resident->ones : bitmap.Reserve(sp.packed.ones.size());
      if (!resident) Upload(bits, sp.packed.ones.data(), sp.packed.ones.size() * sizeof(uint64_t));
      acc += Adder<C>().Run(bases, bits, sp.n, stream);
    }
    const size_t t = sp.packed.tail_index.size();
    if (t) {
      uint32_t *idx = resident ? resident->tail_index : index.Reserve(t);
      ff::Fr *k = resident ? resident->tail_value : scalars.Reserve(t);
      ec::Affine<C> *compact = Gathered<C>(t);
      if (!resident) {
        Upload(idx, sp.packed.tail_index.data(), t * sizeof(uint32_t));
        Upload(k, sp.packed.tail_value.data(), t * sizeof(ff::Fr));
      }
      GatherPoints(bases, idx, t, compact, stream);
      acc += MsmFor<C>(t).Run(compact, k, t, stream);
    }
    return acc;
  }

  //! vector v of a, b, c (0, 1, 2), src, into dst on the copy stream, zero-padded to n; abc_ready[v] marks it
  void UploadVector(int v, ff::Fr *dst, std::span<const ff::Fr> src, const r1cs::ProvingAssignment &pa, size_t n) {
    const size_t nc = pa.NumConstraints();
    Upload(dst, src.data(), nc * sizeof(ff::Fr), &copy_stream);
    // the rows input_i·0 = 0 follow the circuit's: A = input_i, B = C = 0
    size_t rows = nc;
    if (v == 0) {
      Upload(dst + nc, pa.input_assignment.data(), pa.NumInputs() * sizeof(ff::Fr), &copy_stream);
      rows += pa.NumInputs();
    }
    CUZK_CUDA_CHECK(cudaMemsetAsync(dst + rows, 0, (n - rows) * sizeof(ff::Fr), copy_stream.Get()));
    abc_ready[v].Record(copy_stream);
  }

  //! The device copy of pa's pre-compiled circuit when pa's a, b, c are deferred to one and it fits
  //! the device's cache; then the witness is queued for upload on the copy stream (abc_ready[0]
  //! marks it). Otherwise null, and a deferred pa's a, b, c are formed on the host into host_abc.
  std::shared_ptr<const DevicePce> PrepareDeferred(const r1cs::ProvingAssignment &pa, std::vector<ff::Fr> &host_abc,
                                                   std::span<const ff::Fr> (&src)[3], ProverTimings &tm) {
    if (!pa.deferred) return nullptr;
    std::shared_ptr<const DevicePce> resident;
    if (auto circuit = pce::DeferredCircuit(pa)) {
      // the first partition of a circuit on this device uploads its matrices (once; kept after)
      PhaseTimer t(tm.other);
      if (auto got = pce_cache->Acquire(circuit, copy_stream)) resident = *got;
    }
    const size_t nc = pa.NumConstraints(), ni = pa.NumInputs(), na = pa.NumAux();
    if (resident) {
      PhaseTimer t(tm.other);
      ff::Fr *w = witness.Reserve(ni + na);
      Upload(w, pa.input_assignment.data(), ni * sizeof(ff::Fr), &copy_stream);
      // The L MSM's plan is made now rather than behind H: its ones bitmap and tail are the aux
      // values packed (witness_unpack.cuh), a few percent of the bytes of the values themselves
      // (an assignment that holds its aux values packed already: a copy of them).
      SplitScalars(pa.AuxSource(), nullptr, plan.l);
      plan.l_ready = true;
      witness_packed = plan.l.use_batch_add;
      if (witness_packed) {
        const ScalarSplit &l = plan.l;
        const size_t tail = l.packed.tail_index.size();
        uint64_t *bits = witness_bits.Reserve(l.packed.ones.size() + 1);
        uint32_t *index = witness_tail_index.Reserve(tail + 1);
        ff::Fr *values = witness_tail.Reserve(tail + 1);
        Upload(bits, l.packed.ones.data(), l.packed.ones.size() * sizeof(uint64_t), &copy_stream);
        Upload(index, l.packed.tail_index.data(), tail * sizeof(uint32_t), &copy_stream);
        Upload(values, l.packed.tail_value.data(), tail * sizeof(ff::Fr), &copy_stream);
      } else {
        // mostly other values (a random witness): the values themselves are smaller
        Upload(w + ni, plan.l.scalars.data(), na * sizeof(ff::Fr), &copy_stream);
      }
      abc_ready[0].Record(copy_stream);
      deferred_on_device++;
      return resident;
    }
    PhaseTimer t(tm.abc);
    host_abc.resize(3 * nc);
    r1cs::FrVector unpacked;
    pa.deferred->EvaluateOnHost(pa.input_assignment, pa.AuxValues(unpacked), host_abc.data(), host_abc.data() + nc,
                                host_abc.data() + 2 * nc);
    for (int v = 0; v < 3; v++) src[v] = std::span<const ff::Fr>(host_abc.data() + v * nc, nc);
    deferred_on_host++;
    return nullptr;
  }

  //! a, b, c of a deferred pa on the device, from the uploaded witness, padded as UploadVector pads
  void EvaluateDeferred(const DevicePce &resident, const r1cs::ProvingAssignment &pa, ff::Fr *a, ff::Fr *b, ff::Fr *c,
                        size_t n) {
    const size_t nc = pa.NumConstraints(), ni = pa.NumInputs();
    ff::Fr *w = witness.Reserve(ni + pa.NumAux());
    CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream.Get(), abc_ready[0].Get(), 0));
    if (witness_packed) {
      const size_t tail = plan.l.packed.tail_index.size();
      UnpackWitness(witness_bits.Reserve(plan.l.packed.ones.size() + 1), pa.NumAux(),
                    witness_tail_index.Reserve(tail + 1), witness_tail.Reserve(tail + 1), tail, w + ni, stream);
    }
    EvaluatePceOnDevice(resident, w, w + ni, a, b, c, stream);
    // the rows input_i·0 = 0 follow the circuit's: A = input_i, B = C = 0
    CUZK_CUDA_CHECK(cudaMemcpyAsync(a + nc, w, ni * sizeof(ff::Fr), cudaMemcpyDeviceToDevice, stream.Get()));
    CUZK_CUDA_CHECK(cudaMemsetAsync(a + nc + ni, 0, (n - nc - ni) * sizeof(ff::Fr), stream.Get()));
    CUZK_CUDA_CHECK(cudaMemsetAsync(b + nc, 0, (n - nc) * sizeof(ff::Fr), stream.Get()));
    CUZK_CUDA_CHECK(cudaMemsetAsync(c + nc, 0, (n - nc) * sizeof(ff::Fr), stream.Get()));
  }

  PartialProof ProveOne(const Parameters &params, const r1cs::ProvingAssignment &pa, ProverTimings &tm) {
    const size_t num_inputs = pa.NumInputs();
    const unsigned log_n = poly::Domain::LogSizeFor(pa.NumConstraints() + num_inputs);
    const size_t n = size_t(1) << log_n;
    // The plan is host work that runs while the device computes H (the future waits in its
    // destructor). It starts once a, b and c are in pinned staging: its scans and those copies
    // both stream the witness through host memory, and run together each took longer (a 32 GiB
    // partition on an H200 host: the b/c copies stalled the H NTT by ~190 ms), while after the
    // copies the H MSM alone hides it.
    std::future<void> planned;
    dev.MakeCurrent();
    ff::Fr *a = abc.Reserve(3 * n), *b = a + n, *c = b + n;
    std::vector<ff::Fr> host_abc;
    std::span<const ff::Fr> src[3] = {pa.a, pa.b, pa.c};
    plan.l_ready = false; // a previous circuit that failed midway may have left it set
    // a (or a deferred assignment's witness) goes up before the device is taken: with two workers on
    // a GPU it overlaps the other's kernels
    const std::shared_ptr<const DevicePce> resident = PrepareDeferred(pa, host_abc, src, tm);
    if (!resident) {
      PhaseTimer t(tm.other);
      UploadVector(0, a, src[0], pa, n);
    }
    std::unique_lock device_lock(DeviceLock(dev));
    dev.MakeCurrent();
    std::shared_ptr<const ResidentSrs> srs;
    PartialProof out;
    {
      PhaseTimer t(tm.other);
      srs = cache->Acquire(params, stream);
    }
    {
      // host copies of b and c included (the device transforms a meanwhile), and the device
      // evaluation of a deferred assignment's a, b, c
      PhaseTimer t(tm.h_ntt);
      // resident H bases are stored bit-reversed (srs_cache.hpp): h may stay in the NTT's order
      const bool natural_out = !(srs && srs->h_bit_reversed);
      std::vector<NttStep> steps;
      std::array<size_t, 3> ends{};
      const NttDomain *dom = nullptr;
      const bool derive = tuning.derive_c && !resident; // an evaluated c is as cheap as a derived one
      if (log_n > 0) {                                  // a domain of one point has no H points (n − 1 = 0)
        dom = &Domain(log_n);
        steps = dom->HPlan(a, b, c, natural_out, derive);
        ends = HStepShareEnds(log_n, derive);
      }
      ff::Fr *vec[3] = {a, b, c};
      if (resident) {
        // a, b, c formed in place: every step of H can be queued at once
        EvaluateDeferred(*resident, pa, a, b, c, n);
        ends = {0, 0, 0};
      }
      for (int v = 0; v < 3 && !resident; v++) {
        const size_t from = v ? ends[v - 1] : 0;
        if (tuning.derive_c) {
          // shares a, c, b: c starts as a copy of a; c's share waits for b (its first pass multiplies by it)
          if (v == 0) {
            CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream.Get(), abc_ready[0].Get(), 0));
            CUZK_CUDA_CHECK(cudaMemcpyAsync(c, a, n * sizeof(ff::Fr), cudaMemcpyDeviceToDevice, stream.Get()));
          } else if (v == 1) {
            UploadVector(1, b, src[1], pa, n);
            CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream.Get(), abc_ready[1].Get(), 0));
          }
        } else {
          if (v > 0) UploadVector(v, vec[v], src[v], pa, n);
          CUZK_CUDA_CHECK(cudaStreamWaitEvent(stream.Get(), abc_ready[v].Get(), 0));
        }
        if (dom) dom->Launch(std::span(steps).subspan(from, ends[v] - from), stream);
      }
      planned = std::async(std::launch::async, [&] { plan.Make(pa); });
      if (dom) dom->Launch(std::span(steps).subspan(ends[2]), stream);
      stream.Synchronize();
    }
    {
      PhaseTimer t(tm.msm_h);
      const ec::G1Affine *h = Bases<ec::G1Curve>(srs ? &srs->h : nullptr, params.h);
      out.h = MsmFor<ec::G1Curve>(n - 1).Run(h, a, n - 1, stream);
    }
    {
      PhaseTimer t(tm.other); // what the plan did not hide behind H
      planned.get();
    }
    {
      PhaseTimer t(tm.msm_l);
      // a packed witness sent for a deferred a, b, c is the L plan, on the device already (it was
      // unpacked into the witness before H, so the MSM may overwrite its tail)
      const bool sent = resident && witness_packed;
      OnDevice on_device;
      if (sent) {
        const size_t tail = plan.l.packed.tail_index.size();
        on_device = {witness_bits.Reserve(plan.l.packed.ones.size() + 1), witness_tail_index.Reserve(tail + 1),
                     witness_tail.Reserve(tail + 1)};
      }
      out.l = RunSplit<ec::G1Curve>(Bases<ec::G1Curve>(srs ? &srs->l : nullptr, params.l), plan.l,
                                    sent ? &on_device : nullptr);
    }
    {
      PhaseTimer t(tm.msm_a);
      const ec::G1Affine *pts = Bases<ec::G1Curve>(srs ? &srs->a : nullptr, params.a);
      out.a_inputs = RunSplit<ec::G1Curve>(pts, plan.a_inputs);
      out.a_aux = RunSplit<ec::G1Curve>(pts + num_inputs, plan.a_aux);
    }
    const size_t b_inputs = pa.b_input_density.Count();
    {
      PhaseTimer t(tm.msm_b_g1);
      const ec::G1Affine *pts = Bases<ec::G1Curve>(srs ? &srs->b_g1 : nullptr, params.b_g1);
      out.b_g1_inputs = RunSplit<ec::G1Curve>(pts, plan.b_inputs);
      out.b_g1_aux = RunSplit<ec::G1Curve>(pts + b_inputs, plan.b_aux);
    }
    {
      PhaseTimer t(tm.msm_b_g2);
      const ec::G2Affine *pts = Bases<ec::G2Curve>(srs ? &srs->b_g2 : nullptr, params.b_g2);
      out.b_g2_inputs = RunSplit<ec::G2Curve>(pts, plan.b_inputs);
      out.b_g2_aux = RunSplit<ec::G2Curve>(pts + b_inputs, plan.b_aux);
    }
    return out;
  }
};

GpuBackend::GpuBackend(const Device &dev, std::shared_ptr<SrsCache> srs_cache,
                       std::shared_ptr<DevicePceCache> pce_cache, const GpuTuning &tuning) {
  if (!srs_cache) srs_cache = std::make_shared<SrsCache>(dev, dev.Info().free_memory / 2);
  if (srs_cache->Dev().Uuid() != dev.Uuid())
    throw std::invalid_argument("GpuBackend: the SRS cache belongs to device " + srs_cache->Dev().Uuid() + ", not " +
                                dev.Uuid());
  if (!pce_cache) pce_cache = std::make_shared<DevicePceCache>(dev, dev.Info().free_memory / 8);
  if (pce_cache->Dev().Uuid() != dev.Uuid())
    throw std::invalid_argument("GpuBackend: the pre-compiled circuit cache belongs to device " +
                                pce_cache->Dev().Uuid() + ", not " + dev.Uuid());
  impl_ = std::make_unique<Impl>(dev, std::move(srs_cache), std::move(pce_cache), tuning);
}
GpuBackend::~GpuBackend() = default;

const Device &GpuBackend::Dev() const { return impl_->dev; }
const GpuTuning &GpuBackend::Tuning() const { return impl_->tuning; }
SrsCache &GpuBackend::Cache() const { return *impl_->cache; }
DevicePceCache &GpuBackend::PceCache() const { return *impl_->pce_cache; }
size_t GpuBackend::DeferredOnDevice() const { return impl_->deferred_on_device; }
size_t GpuBackend::DeferredOnHost() const { return impl_->deferred_on_host; }

size_t GpuBackend::ScratchBytes() const {
  const Impl &m = *impl_;
  size_t b = m.abc.Bytes() + m.scalars.Bytes() + m.witness.Bytes() + m.witness_bits.Bytes() +
             m.witness_tail_index.Bytes() + m.witness_tail.Bytes() + m.index.Bytes() + m.bitmap.Bytes() +
             m.gathered_g1.Bytes() + m.streamed_g1.Bytes() + m.gathered_g2.Bytes() + m.streamed_g2.Bytes();
  if (m.msm_g1) b += MsmG1::ScratchBytes(m.msm_g1_cap, m.tuning.msm);
  if (m.msm_g2) b += MsmG2::ScratchBytes(m.msm_g2_cap, m.tuning.msm);
  return b;
}

Expected<std::vector<PartialProof>> GpuBackend::ProveStart(const Parameters &params,
                                                           std::span<const r1cs::ProvingAssignment> assignments,
                                                           ProverTimings *timings) {
  for (size_t i = 0; i < assignments.size(); i++) {
    if (auto s = groth16::CheckAssignmentShape(params, assignments[i], i, MAX_DEVICE_LOG_DOMAIN); !s)
      return s.GetError();
  }
  ProverTimings local;
  std::vector<PartialProof> out;
  out.reserve(assignments.size());
  try {
    for (const auto &pa : assignments) out.push_back(impl_->ProveOne(params, pa, local));
  } catch (const std::exception &e) {
    return MakeError(ErrorCode::kInternal,
                     "gpu " + std::to_string(impl_->dev.Ordinal()) + " (" + impl_->dev.Uuid() + "): " + e.what());
  }
  if (timings) *timings += local;
  return out;
}

BackendFactory GpuBackendFactory(const GpuTuning &tuning, size_t srs_budget_bytes) {
  struct Caches {
    std::mutex mu;
    std::map<std::string, std::shared_ptr<SrsCache>> by_uuid;
    std::map<std::string, std::shared_ptr<DevicePceCache>> pce_by_uuid;
  };
  auto caches = std::make_shared<Caches>();
  return [caches, tuning, srs_budget_bytes](const Device &dev) -> std::unique_ptr<groth16::ProverBackend> {
    std::shared_ptr<SrsCache> cache;
    std::shared_ptr<DevicePceCache> pce_cache;
    {
      std::lock_guard lock(caches->mu);
      auto &c = caches->by_uuid[dev.Uuid()];
      // the PCE budget is taken first, from the same free memory: the SRS half and the PCE eighth
      // leave three eighths for the workers' scratch (NTT vectors, MSM sort space)
      auto &p = caches->pce_by_uuid[dev.Uuid()];
      if (!p) p = std::make_shared<DevicePceCache>(dev, dev.Info().free_memory / 8);
      if (!c) c = std::make_shared<SrsCache>(dev, srs_budget_bytes ? srs_budget_bytes : dev.Info().free_memory / 2);
      cache = c;
      pce_cache = p;
    }
    return std::make_unique<GpuBackend>(dev, std::move(cache), std::move(pce_cache), tuning);
  };
}

} // namespace cuzk::gpu
