// src/engine/filecoin_handlers.cpp — PoRep C2, WindowPoSt, WinningPoSt and SnapDeals handlers.
//
// Each handler prepares the whole request once (src/filecoin validates every byte and verifies the
// vanilla proofs first, as rust-fil-proofs does before proving) and shares the prepared job among
// its partitions' synthesis functions, which the engine may run concurrently and copy freely.
#include "engine/filecoin_handlers.hpp"

#include "filecoin/core/post_config.hpp"
#include "filecoin/core/registered_post_proof.hpp"
#include "filecoin/core/snap_config.hpp"
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/porep/porep_witness.hpp"
#include "filecoin/post/post_request.hpp"
#include "filecoin/post/post_witness.hpp"
#include "filecoin/snap/snap_request.hpp"
#include "filecoin/snap/snap_witness.hpp"

#include <span>
#include <string_view>
#include <utility>

namespace cuzk::engine {
namespace {

// The circuit id of a kind and size, checked against the stem the filecoin layer computed for the
// same circuit: a mismatch would load some other circuit's parameters, so it is refused here
// rather than found by a failing self-check.
Expected<std::string> CircuitId(std::string_view kind, uint64_t sector_size, const std::string &expected_stem) {
  const std::string suffix = SectorSizeSuffix(sector_size);
  if (suffix.empty())
    return cuzk::InvalidArgument("sector size " + std::to_string(sector_size) + " has no published parameters");
  std::string id = std::string(kind) + "-" + suffix;
  if (!expected_stem.empty() && SrsFileStem(id) != expected_stem)
    return cuzk::InvalidArgument("parameter name mismatch for " + id + ": engine " + SrsFileStem(id) + ", circuit " +
                                 expected_stem);
  return id;
}

// Bumped whenever a circuit's synthesis changes (a different R1CS for the same parameters'
// name): recordings made before then are then refused at load and recorded again.
constexpr int CIRCUIT_REVISION = 1;

// The shape of a circuit id's partitions for pre-compiled synthesis: every partition of a circuit
// id has one R1CS (its parameters are made for it), WindowPoSt included (its partitions are padded
// to the registered proof's sector count).
std::string PceKey(const std::string &circuit_id) {
  return circuit_id + "/" + SrsFileStem(circuit_id) + "/r" + std::to_string(CIRCUIT_REVISION);
}

class PorepC2Handler final : public ProofKindHandler {
public:
  Expected<std::vector<PartitionWork>> Plan(const ProofRequest &request) const override {
    if (request.vanilla_proof.empty())
      return cuzk::InvalidArgument("vanilla_proof: empty (the PoRep C1 envelope is required)");
    const std::string_view envelope(reinterpret_cast<const char *>(request.vanilla_proof.data()),
                                    request.vanilla_proof.size());
    // The envelope's SectorNum binds the C1 (through the replica id); the request's own
    // sector_number must agree with it when set (0 = not set, proto3's default): a mismatch means
    // the caller and the payload disagree about which sector this is. The request's sector_size is
    // not checked: the C1's registered proof decides the size, the reference daemon never reads the
    // field and the reference bench sends 32 GiB whatever the proof (spec/cuzk-api.md §4, §5.10), so
    // rejecting it would break that client on every other size.
    auto prepared = filecoin::PreparePorepC2FromEnvelope(envelope, request.miner_id);
    if (!prepared) return cuzk::Prefixed(prepared.GetError(), "vanilla_proof: ");
    auto job = std::make_shared<const filecoin::PorepC2Job>(std::move(prepared).Value());
    if (request.sector_number != 0 && request.sector_number != job->sector_id)
      return cuzk::InvalidArgument("sector_number: the request says " + std::to_string(request.sector_number) +
                                   ", the C1 envelope's SectorNum is " + std::to_string(job->sector_id));
    auto id = CircuitId("porep", job->config.sector_size, "");
    if (!id) return id.GetError();
    std::vector<PartitionWork> parts;
    for (size_t i = 0; i < job->partitions.size(); i++) {
      PartitionWork w;
      w.circuit_id = *id;
      w.public_inputs = job->partitions[i].public_inputs;
      w.synthesize = [job, i](r1cs::ConstraintSystem &cs) { job->partitions[i].circuit.Synthesize(cs); };
      w.pce_key = PceKey(*id);
      w.witness = [job, i](r1cs::WitnessCS &cs) {
        filecoin::WitnessStackedCircuit(cs, job->partitions[i].circuit.input);
      };
      parts.push_back(std::move(w));
    }
    if (parts.empty()) return cuzk::InvalidArgument("vanilla_proof: the C1 has no partitions");
    return parts;
  }
};

class PoStHandler final : public ProofKindHandler {
public:
  explicit PoStHandler(bool window) : window_(window) {}

  // The sector count PreparePoStProof checks, from the count alone (an unknown registered proof is
  // left to Plan, which names it).
  Status CheckShape(const RequestShape &shape) const override {
    auto proof = filecoin::RegisteredPoStProofFromId(shape.registered_proof);
    if (!proof) return Status::Ok();
    const filecoin::PoStConfig config = filecoin::PoStConfigFor(*proof);
    const size_t max = config.type == filecoin::PoStType::kWindow ? config.sector_count : 1;
    if (shape.vanilla_proofs <= max) return Status::Ok();
    return cuzk::InvalidArgument("vanilla_proofs: " + std::to_string(shape.vanilla_proofs) +
                                 " sector proofs, a partition of " + std::string(filecoin::ProofsApiName(*proof)) +
                                 " takes at most " + std::to_string(max));
  }

  Expected<std::vector<PartitionWork>> Plan(const ProofRequest &request) const override {
    auto prepared = filecoin::PreparePoStProof(request.registered_proof, request.vanilla_proofs, request.randomness,
                                               request.partition_index);
    if (!prepared) return prepared.GetError();
    auto job = std::make_shared<const filecoin::PoStProvingJob>(std::move(prepared).Value());
    const bool is_window = job->config.type == filecoin::PoStType::kWindow;
    if (is_window != window_)
      return cuzk::InvalidArgument("registered_proof " + std::to_string(request.registered_proof) + " is a " +
                                   (is_window ? "WindowPoSt" : "WinningPoSt") +
                                   " proof, but the request's proof_kind is " +
                                   (window_ ? "WINDOW_POST_PARTITION" : "WINNING_POST"));
    auto id = CircuitId(window_ ? "wpost" : "winning", job->config.sector_size, job->parameter_id);
    if (!id) return id.GetError();
    PartitionWork w;
    w.circuit_id = *id;
    w.public_inputs = job->public_inputs;
    w.synthesize = [job](r1cs::ConstraintSystem &cs) { filecoin::SynthesizePoStCircuit(cs, job->circuit); };
    w.pce_key = PceKey(*id);
    w.witness = [job](r1cs::WitnessCS &cs) { filecoin::WitnessPoStCircuit(cs, job->circuit); };
    std::vector<PartitionWork> parts;
    parts.push_back(std::move(w));
    return parts;
  }

private:
  bool window_;
};

class SnapHandler final : public ProofKindHandler {
public:
  // One partition proof per partition, as PrepareSnapProof checks.
  Status CheckShape(const RequestShape &shape) const override {
    auto proof = filecoin::RegisteredUpdateProofFromId(shape.registered_proof);
    if (!proof) return Status::Ok();
    const size_t partitions = filecoin::SnapConfigFor(*proof).partition_count;
    if (shape.vanilla_proofs == partitions) return Status::Ok();
    return cuzk::InvalidArgument("vanilla_proofs: " + std::to_string(shape.vanilla_proofs) + " partition proofs, " +
                                 std::string(filecoin::UpdateProofName(*proof)) + " has " + std::to_string(partitions) +
                                 " partitions");
  }

  Expected<std::vector<PartitionWork>> Plan(const ProofRequest &request) const override {
    auto prepared = filecoin::PrepareSnapProof(request.registered_proof, request.vanilla_proofs, request.comm_r_old,
                                               request.comm_r_new, request.comm_d_new);
    if (!prepared) return prepared.GetError();
    auto job = std::make_shared<const filecoin::SnapProvingJob>(std::move(prepared).Value());
    auto id = CircuitId("snap", job->config.sector_nodes * 32, job->parameter_id);
    if (!id) return id.GetError();
    std::vector<PartitionWork> parts;
    for (size_t k = 0; k < job->partitions.size(); k++) {
      PartitionWork w;
      w.circuit_id = *id;
      w.public_inputs = job->public_inputs[k];
      w.synthesize = [job, k](r1cs::ConstraintSystem &cs) { filecoin::SynthesizeSnapCircuit(cs, job->partitions[k]); };
      w.pce_key = PceKey(*id);
      w.witness = [job, k](r1cs::WitnessCS &cs) { filecoin::WitnessSnapCircuit(cs, job->partitions[k]); };
      parts.push_back(std::move(w));
    }
    if (parts.empty()) return cuzk::InvalidArgument("vanilla_proofs: no partitions");
    return parts;
  }
};

} // namespace

std::shared_ptr<const ProofKindHandler> MakePorepC2Handler() { return std::make_shared<const PorepC2Handler>(); }
std::shared_ptr<const ProofKindHandler> MakePoStHandler(bool window) {
  return std::make_shared<const PoStHandler>(window);
}
std::shared_ptr<const ProofKindHandler> MakeSnapHandler() { return std::make_shared<const SnapHandler>(); }

void RegisterFilecoinHandlers(Engine &engine) {
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, MakePorepC2Handler());
  engine.RegisterHandler(ProofKind::WINDOW_POST_PARTITION, MakePoStHandler(true));
  engine.RegisterHandler(ProofKind::WINNING_POST, MakePoStHandler(false));
  engine.RegisterHandler(ProofKind::SNAP_DEALS_UPDATE, MakeSnapHandler());
}

} // namespace cuzk::engine
