// tests/filecoin/c1_sample.hpp — C1 outputs with the exact shapes of a registered proof (spec/porep.md
// §1, §5) and seeded random contents, for the codec tests, the fuzz test and bench/c1_bench.cpp.
// The contents are canonical but prove nothing: parsing and writing only look at shapes and
// ranges, so a sample exercises them fully without sealing a sector (a 32GiB one could not be).
#pragma once
#include "filecoin/porep/porep_vanilla_proof.hpp"

#include <cstdint>
#include <random>
#include <string>

namespace cuzk::test {

struct C1SampleShape {
  std::string registered_proof;
  size_t partitions;
  size_t challenges; //!< per partition
  size_t layers;
  size_t tree_d_levels; //!< log2(nodes)
  filecoin::MerkleProofKind rc_kind;
  size_t rc_base_levels; //!< 8-ary levels of a tree_c / tree_r_last base tree
  size_t sub_arity;      //!< 0 unless kSub / kTop
  size_t top_arity;      //!< 0 unless kTop
};

inline C1SampleShape Sample2KiB() {
  return {"StackedDrg2KiBV1_1", 1, 2, 2, 6, filecoin::MerkleProofKind::kSingle, 2, 0, 0};
}
inline C1SampleShape Sample32GiB() {
  return {"StackedDrg32GiBV1_1", 10, 18, 11, 30, filecoin::MerkleProofKind::kSub, 9, 8, 0};
}
inline C1SampleShape Sample64GiB() {
  return {"StackedDrg64GiBV1_1_Feat_SyntheticPoRep", 10, 18, 11, 31, filecoin::MerkleProofKind::kTop, 9, 8, 2};
}

class C1SampleGenerator {
public:
  explicit C1SampleGenerator(uint64_t seed) : rng_(seed) {}

  filecoin::Domain32 Fr() {
    filecoin::Domain32 d;
    for (size_t i = 0; i < 32; i += 8) {
      uint64_t w = rng_();
      for (size_t j = 0; j < 8; j++) d[i + j] = uint8_t(w >> (8 * j));
    }
    d[31] &= 0x3f; // < 2^254 < r: canonical, and a valid trimmed SHA digest too
    return d;
  }

  std::vector<filecoin::PathElement> Levels(size_t count, size_t arity) {
    std::vector<filecoin::PathElement> levels(count);
    for (auto &l : levels) {
      for (size_t i = 0; i + 1 < arity; i++) l.hashes.push_back(Fr());
      l.index = rng_() % arity;
    }
    return levels;
  }

  filecoin::MerkleProof TreeD(const C1SampleShape &s) {
    filecoin::MerkleProof mp;
    mp.root = Fr();
    mp.leaf = Fr();
    mp.base = Levels(s.tree_d_levels, 2);
    return mp;
  }

  filecoin::MerkleProof TreeRC(const C1SampleShape &s) {
    filecoin::MerkleProof mp;
    mp.kind = s.rc_kind;
    mp.root = Fr();
    mp.leaf = Fr();
    mp.base = Levels(s.rc_base_levels, 8);
    if (s.sub_arity) mp.sub = Levels(1, s.sub_arity);
    if (s.top_arity) mp.top = Levels(1, s.top_arity);
    return mp;
  }

  filecoin::ColumnProof Column(const C1SampleShape &s) {
    filecoin::ColumnProof cp;
    cp.column.index = uint32_t(rng_());
    for (size_t l = 0; l < s.layers; l++) cp.column.rows.push_back(Fr());
    cp.inclusion_proof = TreeRC(s);
    return cp;
  }

  filecoin::LabelingProof Labeling(size_t layer, uint64_t node) {
    filecoin::LabelingProof lp;
    for (size_t i = 0; i < 37; i++) lp.parents.push_back(Fr());
    lp.layer_index = uint32_t(layer);
    lp.node = node;
    return lp;
  }

  filecoin::PorepChallengeProof Challenge(const C1SampleShape &s) {
    filecoin::PorepChallengeProof p;
    uint64_t node = rng_() >> (64 - s.tree_d_levels);
    p.comm_d_proofs = TreeD(s);
    p.comm_r_last_proof = TreeRC(s);
    p.replica_column_proofs.c_x = Column(s);
    for (size_t i = 0; i < 6; i++) p.replica_column_proofs.drg_parents.push_back(Column(s));
    for (size_t i = 0; i < 8; i++) p.replica_column_proofs.exp_parents.push_back(Column(s));
    for (size_t l = 1; l <= s.layers; l++) p.labeling_proofs.push_back(Labeling(l, node));
    p.encoding_proof = Labeling(s.layers, node);
    return p;
  }

  filecoin::SealCommitPhase1Output C1(const C1SampleShape &s) {
    filecoin::SealCommitPhase1Output c1;
    c1.registered_proof = s.registered_proof;
    c1.vanilla_proofs.resize(s.partitions);
    for (auto &partition : c1.vanilla_proofs) {
      for (size_t i = 0; i < s.challenges; i++) partition.push_back(Challenge(s));
    }
    c1.comm_r = Fr();
    c1.comm_d = Fr();
    c1.replica_id = Fr();
    c1.seed = Fr();
    c1.ticket = Fr();
    c1.seed[31] |= 0xc0; // seed and ticket are raw bytes: not every value is an Fr
    return c1;
  }

private:
  std::mt19937_64 rng_;
};

inline filecoin::SealCommitPhase1Output MakeSampleC1(const C1SampleShape &shape, uint64_t seed) {
  return C1SampleGenerator(seed).C1(shape);
}

} // namespace cuzk::test
