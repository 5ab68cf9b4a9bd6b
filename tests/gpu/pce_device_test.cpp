// tests/gpu/pce_device_test.cpp — pre-compiled circuits on the device: the evaluation kernel equals
// pce::EvaluateAll element for element on circuits with every row form; the device cache accounts,
// shares and frees them and refuses one that does not fit with a clear error; and GpuBackend proves
// an assignment whose a, b, c are deferred with byte-identical proofs to the CPU-evaluated one (and
// to the CPU backend's), on the device and, when the circuit does not fit, through the host
// fallback. Skips without a device.
#include "gpu/groth16_backend.hpp"
#include "gpu/pce_device.hpp"
#include "gpu/scalar_split.hpp"
#include "gpu/witness_unpack.hpp"
#include "gpu_test_util.hpp"
#include "pce/deferred.hpp"
#include "pce/recorder.hpp"
#include "pce_circuits.hpp"
#include "pce_gpu_eval.hpp"
#include "prover_fixtures.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

template <class C> std::shared_ptr<const pce::PreCompiledCircuit> RecordOf(const C &circuit) {
  auto recorded = pce::Record([&](r1cs::ConstraintSystem &cs) { circuit.Synthesize(cs); }, "gpu test");
  if (!recorded) throw std::runtime_error(recorded.ErrorMessage());
  return *recorded;
}

TEST(GpuPce, EvaluationEqualsCpuOnEveryRowForm) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  for (uint32_t rows : {0u, 1u, 4096u, 4097u, 9000u, 30000u}) {
    const test::PceFormCircuit circuit{rows + 5, rows};
    const auto recorded = RecordOf(circuit);
    r1cs::WitnessCS w;
    circuit.Synthesize(w);
    const auto gpu = test::EvaluateOnDevice(dev, *recorded, w.input_assignment, w.aux_assignment);
    EXPECT_TRUE(test::SameAbc(gpu, test::EvaluateOnHost(*recorded, w.input_assignment, w.aux_assignment)))
        << rows << " rows";
  }
}

TEST(GpuPce, CacheSharesAccountsAndFrees) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  const auto one = RecordOf(test::PceFormCircuit{1, 9000});
  const auto two = RecordOf(test::PceFormCircuit{2, 5000});
  DevicePceCache cache(dev, size_t(1) << 30);
  auto first = cache.Acquire(one, s);
  ASSERT_TRUE(first) << first.ErrorMessage();
  auto again = cache.Acquire(one, s);
  ASSERT_TRUE(again);
  EXPECT_EQ(first->get(), again->get()) << "one upload per circuit";
  EXPECT_EQ(cache.ResidentBytes(), DevicePce::BytesFor(*one));
  ASSERT_TRUE(cache.Acquire(two, s));
  EXPECT_EQ(cache.Entries(), 2u);
  EXPECT_EQ(cache.ResidentBytes(), DevicePce::BytesFor(*one) + DevicePce::BytesFor(*two));
  cache.Evict(*one);
  EXPECT_EQ(cache.Entries(), 1u);
  EXPECT_EQ(cache.ResidentBytes(), DevicePce::BytesFor(*two));
  cache.Clear();
  EXPECT_EQ(cache.ResidentBytes(), 0u);

  // a budget too small: an error naming the sizes, and nothing resident
  DevicePceCache tiny(dev, 1024);
  auto refused = tiny.Acquire(one, s);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.ErrorMessage().find("needs"), std::string::npos) << refused.ErrorMessage();
  EXPECT_EQ(tiny.Entries(), 0u);

  // an unused circuit is evicted for room; one whose host copy is gone is dropped
  DevicePceCache room(dev, DevicePce::BytesFor(*one) + 16);
  ASSERT_TRUE(room.Acquire(one, s));
  ASSERT_TRUE(room.Acquire(two, s)) << "one was unused: evicted for two";
  EXPECT_EQ(room.Entries(), 1u);
  {
    auto temporary = RecordOf(test::PceFormCircuit{3, 100});
    DevicePceCache c(dev, size_t(1) << 30);
    ASSERT_TRUE(c.Acquire(temporary, s));
    temporary.reset();
    ASSERT_TRUE(c.Acquire(two, s));
    EXPECT_EQ(c.Entries(), 1u) << "the circuit whose host copy went was dropped";
  }
}

// the packed witness (the L plan's bitmap and tail) unpacks to the values, for bit-heavy and dense witnesses
TEST(GpuPce, PackedWitnessUnpacksToItsValues) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(5);
  for (int percent_bits : {97, 50, 0}) {
    std::vector<ff::Fr> values(100003);
    for (auto &v : values) {
      const int roll = int(rng() % 100);
      v = roll < percent_bits / 2 ? ff::Fr::Zero() : roll < percent_bits ? ff::Fr::One() : ff::Fr::Random(rng);
    }
    ScalarSplit plan;
    SplitScalars(values, nullptr, plan);
    if (!plan.use_batch_add) continue; // the dense plan sends the values themselves
    const size_t tail = plan.packed.tail_index.size();
    DeviceBuffer<uint64_t> bits(dev, plan.packed.ones.size());
    DeviceBuffer<uint32_t> index(dev, tail + 1);
    DeviceBuffer<ff::Fr> tail_values(dev, tail + 1), out(dev, values.size());
    bits.CopyFromHost(std::span<const uint64_t>(plan.packed.ones), s);
    index.CopyFromHost(std::span<const uint32_t>(plan.packed.tail_index), s);
    tail_values.CopyFromHost(std::span<const ff::Fr>(plan.packed.tail_value), s);
    UnpackWitness(bits.Data(), values.size(), index.Data(), tail_values.Data(), tail, out.Data(), s);
    std::vector<ff::Fr> back(values.size());
    out.CopyToHost(back, s);
    s.Synchronize();
    for (size_t i = 0; i < values.size(); i++)
      ASSERT_TRUE(back[i] == values[i]) << percent_bits << "% bits: value " << i << " differs";
  }
}

// the circuit's witness, its a, b, c deferred to its recording
template <class C> std::shared_ptr<r1cs::ProvingAssignment> DeferredOf(const C &circuit) {
  auto pa = std::make_shared<r1cs::ProvingAssignment>();
  r1cs::WitnessCS w;
  circuit.Synthesize(w);
  const Status s = pce::Defer(RecordOf(circuit), std::move(w), *pa);
  if (!s) throw std::runtime_error(s.ErrorMessage());
  return pa;
}

void ExpectSameProof(groth16::ProverBackend &backend, const test::ProverCase &pc, const r1cs::ProvingAssignment &pa,
                     uint64_t seed) {
  groth16::CpuBackend cpu;
  auto want = cpu.ProveStart(*pc.params, std::span(pc.assignment.get(), 1));
  ASSERT_TRUE(want) << want.ErrorMessage();
  auto got = backend.ProveStart(*pc.params, std::span(&pa, 1));
  ASSERT_TRUE(got) << pc.name << ": " << got.ErrorMessage();
  std::string which;
  ASSERT_TRUE(test::SamePartial((*got)[0], (*want)[0], which)) << pc.name << ": " << which << " differs";
  std::mt19937_64 rng(seed);
  const ff::Fr r = ff::Fr::Random(rng), s = ff::Fr::Random(rng);
  auto p_want = groth16::ProveFinish(pc.params->vk, (*want)[0], r, s);
  auto p_got = groth16::ProveFinish(pc.params->vk, (*got)[0], r, s);
  ASSERT_TRUE(p_want && p_got);
  EXPECT_TRUE(groth16::EncodeProof(*p_got) == groth16::EncodeProof(*p_want)) << pc.name;
  auto ok = groth16::VerifyProof(groth16::PrepareVerifyingKey(pc.params->vk), *p_got, pc.public_inputs);
  EXPECT_TRUE(ok && *ok) << pc.name << ": the proof does not verify";
}

TEST(GpuPce, DeferredAssignmentGivesTheSameProof) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  const test::BitsCircuit bits{20000, 7, 17};
  const auto pc = test::MakeCase("bits 20000", bits, 17);
  const auto deferred = DeferredOf(bits);
  ASSERT_TRUE(deferred->IsDeferred());
  EXPECT_EQ(deferred->NumConstraints(), pc.assignment->NumConstraints());

  GpuBackend gpu(dev, std::make_shared<SrsCache>(dev, size_t(1) << 30),
                 std::make_shared<DevicePceCache>(dev, size_t(1) << 30));
  ExpectSameProof(gpu, pc, *deferred, 1);
  EXPECT_EQ(gpu.DeferredOnDevice(), 1u);
  ExpectSameProof(gpu, pc, *deferred, 2); // the circuit is resident now: no second upload
  EXPECT_EQ(gpu.PceCache().Entries(), 1u);
  EXPECT_EQ(gpu.DeferredOnDevice(), 2u);

  // no room for the circuit on the device: evaluated on the host, the same proof
  GpuBackend no_room(dev, std::make_shared<SrsCache>(dev, size_t(1) << 30), std::make_shared<DevicePceCache>(dev, 0));
  ExpectSameProof(no_room, pc, *deferred, 3);
  EXPECT_EQ(no_room.DeferredOnHost(), 1u);
  EXPECT_EQ(no_room.DeferredOnDevice(), 0u);

  // and the CPU backend takes it too
  groth16::CpuBackend cpu;
  ExpectSameProof(cpu, pc, *deferred, 4);

  // the witness packed, as the engine holds a partition queued for a GPU: sent as it is, or
  // unpacked on the host when the circuit has no room on the device
  const auto packed = DeferredOf(bits);
  ASSERT_TRUE(packed->PackAux());
  ExpectSameProof(gpu, pc, *packed, 7);
  EXPECT_EQ(gpu.DeferredOnDevice(), 3u);
  ExpectSameProof(no_room, pc, *packed, 8);
  EXPECT_EQ(no_room.DeferredOnHost(), 2u);
  ExpectSameProof(cpu, pc, *packed, 9);
}

// a random (dense) witness: its aux values are sent as they are, not packed
TEST(GpuPce, DeferredDenseWitnessGivesTheSameProof) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  const r1cs::RandomCircuit random(5000, 4, 15);
  const auto pc = test::MakeCase("random 5000", random, 15);
  GpuBackend gpu(dev, std::make_shared<SrsCache>(dev, size_t(1) << 30),
                 std::make_shared<DevicePceCache>(dev, size_t(1) << 30));
  ExpectSameProof(gpu, pc, *DeferredOf(random), 5);
  EXPECT_EQ(gpu.DeferredOnDevice(), 1u);
  // then a bit-heavy one on the same backend: the packed path after the dense one
  const test::BitsCircuit bits{3000, 5, 99};
  const auto pb = test::MakeCase("bits 3000", bits, 21);
  ExpectSameProof(gpu, pb, *DeferredOf(bits), 6);
  EXPECT_EQ(gpu.DeferredOnDevice(), 2u);
}

} // namespace
