// src/gpu/ntt_pass.cuh — one pass of the tiled device NTT: S ≤ 9 radix-2 stages of 2^S-point sub-transforms, held in
// registers and exchanged through shared memory, one global read and one global write per element.
//
// The 2^k-point transform is cut into passes of S bits (NttSplit). A pass at offset `lo` runs the stages whose
// half-spans are 2^lo … 2^(lo+S−1) and works on lines: the 2^S elements hi·2^(lo+S) + row·2^lo + i0 (row < 2^S) for one
// (hi, i0). Each such line is a 2^S-point DFT (roots ω_{2^S}, a 256-entry table ω_512^j) plus a twist by
// ω_N^(i0·rev_S(row)), N = 2^(lo+S) — the decomposition X[k1 + 2^S·k0] = Σ_{i0} ω_{2^lo}^(i0·k0) · ω_N^(i0·k1) · Σ_{i1}
// x[..]·ω_{2^S}^(i1·k1):
//   DIF (natural → bit-reversed, Gentleman–Sande): line DFT, then the twist on its output rows;
//   DIT (bit-reversed → natural, Cooley–Tukey): the twist on its input rows, then the line DFT.
// So every butterfly costs at most one Fr multiply by a small-table twiddle, and each element one twist multiply. A
// pass with N ≤ 2^NTT_ROOT_TABLE_LOG reads its twist factors from a table of ω_N's powers (a subsample of one
// 2^18-entry table, 8 MiB, which stays in L2); above that each is one product hi·lo of the two-level table ω_n^E, 2
// multiplies an element instead of 1 (a geometric series per thread, base·step^j, cost 2.25 and measured slower:
// BENCHMARKS.md, GPU). A pass at lo = 0 may also fuse the bit reversal: gather its input from, or scatter its
// output to, natural order in another buffer (NttPassArgs::src, gather, scatter).
//
// Block shape: 256 threads, C = 2^CL lines per block (consecutive line indices, so a warp's loads are runs of C
// adjacent i0 — 128-byte segments for lo ≥ 2 at R = 8), G = 2^GL threads per line, R = 2^RL elements per thread
// (radix-R sub-steps in registers, R = 4 = 2^NTT_REGISTER_RADIX_LOG). The Fr multiplies are latency-bound, so resident
// warps pay more than fewer exchanges: on an H200 the 2^27 forward transform took 83 ms with R = 4 (80 registers, 3
// blocks of 256 an SM) and 146 ms with R = 8 (128 registers, 2 blocks).
// Between sub-steps the tile goes through shared memory, word-planar (plane q holds word q of every element) with the
// low row bits XOR-swizzled so that every warp access hits 32 distinct banks (checked by the emulation test).
//
// The pass body is written once against a Block executor: on the device each thread runs it with __syncthreads at
// Sync(); the host twin (tests) runs every phase for all 256 threads in turn.
#pragma once
#include "gpu/ntt_kernels.cuh"

#include <type_traits>

namespace cuzk::gpu {

inline constexpr unsigned NTT_PASS_MAX_BITS = 9;
inline constexpr unsigned NTT_PASS_THREADS = 256;
//! entries of the inner-twiddle table: ω_512^j, j < 256 (ω_{2^(β+1)} = ω_512^(2^(8−β)), β < 9)
inline constexpr unsigned NTT_INNER_TABLE = 256;
//! log2 of the entries of the twist table: ω_(2^18)^k, k < 2^18 (a 2^27 transform's middle pass has N = 2^18)
inline constexpr unsigned NTT_ROOT_TABLE_LOG = 18;

//! the pass sizes of a 2^log_n transform, from the lowest bits up: ⌈log_n / 9⌉ passes, as equal as can be
struct NttSplit {
  unsigned count = 0;
  unsigned bits[4] = {};
  unsigned lo[4] = {}; //!< offset of pass i: the sum of bits[0..i)
  static NttSplit For(unsigned log_n) {
    NttSplit s;
    s.count = (log_n + NTT_PASS_MAX_BITS - 1) / NTT_PASS_MAX_BITS;
    unsigned off = 0;
    for (unsigned i = 0; i < s.count; i++) {
      s.bits[i] = log_n / s.count + (i < log_n % s.count ? 1 : 0);
      s.lo[i] = off;
      off += s.bits[i];
    }
    return s;
  }
};

//! What one pass does, in order: load (times load_mul[i] when set), the DIF part (if dif_w), its twist (lo > 0), the
//! scale (lo = 0 only), the DIT part's twist (lo > 0) and the DIT part (if dit_w), store (minus store_sub[i] when
//! set). A pass with both parts (lo = 0) is the end of one transform and the start of the next on the same tile.
struct NttPassArgs {
  Fr *x = nullptr;         //!< where the pass stores
  const Fr *src = nullptr; //!< where it loads (null: x, in place)
  //! lo = 0 and src ≠ x only: the bit reversal fused into the pass as a permuted access. gather loads position p from
  //! src[rev_n(p)] (a DIT pass reading natural order); scatter stores position p to x[rev_n(p)] (a DIF pass leaving
  //! natural order). load_mul and store_sub stay indexed by p.
  bool gather = false, scatter = false;
  const Fr *load_mul = nullptr, *store_sub = nullptr;
  uint32_t log_n = 0, lo = 0;
  const Fr *dif_w = nullptr,
           *dit_w = nullptr;     //!< ω_512^j tables of each part's root
  PowTable dif_twist, dit_twist; //!< ω_n^E (E < n) of each part's root
  //! ω_(2^roots_log)^k (k < 2^roots_log) of each part's root, or null: a pass with lo + S ≤ roots_log reads its twist
  //! factors there
  const Fr *dif_roots = nullptr, *dit_roots = nullptr;
  uint32_t roots_log = 0;
  //! element at natural index j = rev_n(position) ← ·scale(j); scale(j) = table(j) read as table(E0)·step^(top RL bits
  //! of j) (see Scale below), step = scale_steps[RL − 1]
  bool has_scale = false;
  PowTable scale;
  Fr scale_steps[3];
};

//! *p as two 16-byte loads. Left to itself nvcc read a table's or the vector's Fr as eight 4-byte loads (the SASS of
//! the 9-bit pass: 432 LDG.E beside 18 LDG.E.128), eight transactions where two serve.
CUZK_HD Fr LoadFr(const Fr *p) {
#if defined(__CUDA_ARCH__)
  const uint4 lo = reinterpret_cast<const uint4 *>(p)[0], hi = reinterpret_cast<const uint4 *>(p)[1];
  Fr r;
  r.v[0] = lo.x, r.v[1] = lo.y, r.v[2] = lo.z, r.v[3] = lo.w, r.v[4] = hi.x, r.v[5] = hi.y, r.v[6] = hi.z,
  r.v[7] = hi.w;
  return r;
#else
  return *p;
#endif
}
CUZK_HD void StoreFr(Fr *p, const Fr &x) {
#if defined(__CUDA_ARCH__)
  reinterpret_cast<uint4 *>(p)[0] = make_uint4(x.v[0], x.v[1], x.v[2], x.v[3]);
  reinterpret_cast<uint4 *>(p)[1] = make_uint4(x.v[4], x.v[5], x.v[6], x.v[7]);
#else
  *p = x;
#endif
}

//! rev of the low `bits` bits of x (0 for bits = 0)
CUZK_HD uint32_t RevBits(uint32_t x, unsigned bits) { return bits == 0 ? 0 : BitReverse(x, bits); }

//! log2 of the elements one thread holds (see the file comment)
inline constexpr unsigned NTT_REGISTER_RADIX_LOG = 2;

template <unsigned S> struct NttPass {
  static_assert(S >= 1 && S <= NTT_PASS_MAX_BITS);
  static constexpr unsigned RL = S < NTT_REGISTER_RADIX_LOG ? S : NTT_REGISTER_RADIX_LOG;
  static constexpr unsigned R = 1u << RL;
  static constexpr unsigned GL = S - RL;
  static_assert(GL <= 8);
  static constexpr unsigned CL = 8 - GL; // 256 threads = G·C
  static constexpr unsigned C = 1u << CL;
  static constexpr unsigned STEPS = (S + RL - 1) / RL;
  static constexpr unsigned TILE = R * NTT_PASS_THREADS; //!< elements of the shared tile
  //! swizzle width: the row bits that land in the bank index (0 when C ≥ 32 lanes cover the banks)
  static constexpr unsigned D = CL >= 5 ? 0 : 5 - CL;
  static constexpr size_t SMEM_BYTES = STEPS > 1 ? size_t(TILE) * sizeof(Fr) : 0;

  //! the window (lowest row bit of the thread's R rows) of DIF sub-step j: stages S−1−RL·j … max(S−RL·(j+1), 0)
  static constexpr unsigned DifWindow(unsigned j) { return S >= RL * (j + 1) ? S - RL * (j + 1) : 0; }
  static constexpr unsigned DifTop(unsigned j) { return S - RL * j; } // one past the highest stage
  //! DIT sub-step j: stages RL·j … min(RL·(j+1), S) − 1, window min(RL·j, S − RL)
  static constexpr unsigned DitWindow(unsigned j) { return RL * j + RL < S ? RL * j : S - RL; }
  static constexpr unsigned DitEnd(unsigned j) { return RL * j + RL < S ? RL * j + RL : S; }

  struct Thread {
    Fr r[R];
    uint32_t t = 0, c = 0, gt = 0, line = 0;
    bool active = false;
  };

  //! row of the thread's element m when its rows vary in bits [w, w + RL)
  CUZK_HD static uint32_t Row(uint32_t gt, uint32_t m, unsigned w) {
    return ((gt >> w) << (w + RL)) | (m << w) | (gt & ((1u << w) - 1));
  }
  //! The bank-spreading bijection on rows: row ^ Σ_{r ≥ D} bit_r(row)·v_r, changing only the low D row bits (those
  //! that, with the CL line bits, form the bank). A warp's lanes vary the lowest D row bits outside the current window,
  //! so for every window used their vectors must be linearly independent. v_r = e_(r mod D) does that up to S = 7; S =
  //! 8, 9 need the vectors below, found by a search over GF(2)^D. tests/gpu_emulation/ntt_emulation_test.cpp checks
  //! every case (TiledSharedAccessesAreConflictFree).
  static constexpr uint32_t SwizzleVector(unsigned r) {
    constexpr uint32_t S8[] = {1, 6, 1, 1, 1}, S9[] = {5, 10, 1, 1, 1}; // row bits D, D + 1, …
    if (S == 8) return S8[r - D];
    if (S == 9) return S9[r - D];
    return 1u << (r % D);
  }
  CUZK_HD static uint32_t Swizzle(uint32_t row) {
    if constexpr (D == 0) {
      return row;
    } else {
      uint32_t f = 0;
      CUZK_UNROLL
      for (unsigned r = D; r < S; r++) f ^= ((row >> r) & 1u) * SwizzleVector(r);
      return row ^ f;
    }
  }
  CUZK_HD static uint32_t SharedIndex(uint32_t row, uint32_t c) { return (Swizzle(row) << CL) | c; }
  CUZK_HD static size_t Address(const NttPassArgs &a, uint32_t line, uint32_t row) {
    const uint32_t hi = line >> a.lo, i0 = line & ((1u << a.lo) - 1);
    return (size_t(hi) << (a.lo + S)) | (size_t(row) << a.lo) | i0;
  }
  CUZK_HD static uint32_t Lines(const NttPassArgs &a) { return uint32_t(1) << (a.log_n - S); }
  static uint32_t Blocks(const NttPassArgs &a) { return (Lines(a) + C - 1) / C; }

  CUZK_HD static void Init(Thread &th, const NttPassArgs &a, uint32_t block, uint32_t t) {
    th.t = t;
    th.c = t & (C - 1);
    th.gt = t >> CL;
    th.line = block * C + th.c;
    th.active = th.line < Lines(a);
    // A permuted pass takes its lines in bit-reversed order, so that the blocks resident at one time read (gather) or
    // write (scatter) runs of consecutive natural indices, rev(line) = block·C + c, in each of the 2^S row slabs:
    // whole DRAM pages rather than one 32-byte sector of each.
    if (a.gather || a.scatter) th.line = RevBits(th.line, a.log_n - S);
    CUZK_UNROLL
    for (unsigned m = 0; m < R; m++) th.r[m] = Fr::Zero();
  }

  CUZK_HD static void Load(Thread &th, const NttPassArgs &a, unsigned w) {
    if (!th.active) return;
    CUZK_UNROLL
    for (unsigned m = 0; m < R; m++) {
      const size_t i = Address(a, th.line, Row(th.gt, m, w));
      const Fr *p = (a.src ? a.src : a.x) + (a.gather ? BitReverse(uint32_t(i), a.log_n) : i);
      th.r[m] = a.load_mul ? LoadFr(p) * LoadFr(a.load_mul + i) : LoadFr(p);
    }
  }
  CUZK_HD static void Store(const Thread &th, const NttPassArgs &a, unsigned w) {
    if (!th.active) return;
    CUZK_UNROLL
    for (unsigned m = 0; m < R; m++) {
      const size_t i = Address(a, th.line, Row(th.gt, m, w));
      StoreFr(a.x + (a.scatter ? BitReverse(uint32_t(i), a.log_n) : i),
              a.store_sub ? th.r[m] - LoadFr(a.store_sub + i) : th.r[m]);
    }
  }
  CUZK_HD static void ToShared(const Thread &th, uint32_t *smem, unsigned w) {
    CUZK_UNROLL
    for (unsigned m = 0; m < R; m++) {
      const uint32_t p = SharedIndex(Row(th.gt, m, w), th.c);
      CUZK_UNROLL
      for (int q = 0; q < Fr::N; q++) smem[q * TILE + p] = th.r[m].v[q];
    }
  }
  CUZK_HD static void FromShared(Thread &th, const uint32_t *smem, unsigned w) {
    CUZK_UNROLL
    for (unsigned m = 0; m < R; m++) {
      const uint32_t p = SharedIndex(Row(th.gt, m, w), th.c);
      CUZK_UNROLL
      for (int q = 0; q < Fr::N; q++) th.r[m].v[q] = smem[q * TILE + p];
    }
  }

  //! stages [lo_b, hi_b) of the window w, DIF: widest first, (u, v) → (u + v, (u − v)·ω)
  template <unsigned W, unsigned LO, unsigned HI> CUZK_HD static void DifStages(Thread &th, const Fr *tw) {
    CUZK_UNROLL
    for (unsigned beta = HI; beta-- > LO;) {
      const unsigned b = beta - W;
      CUZK_UNROLL
      for (unsigned m = 0; m < R; m++) {
        if (m & (1u << b)) continue;
        const uint32_t mlow = m & ((1u << b) - 1);
        const Fr d = th.r[m] - th.r[m + (1u << b)];
        th.r[m] = th.r[m] + th.r[m + (1u << b)];
        if (W == 0 && mlow == 0) {
          th.r[m + (1u << b)] = d; // ω^0
        } else {
          const uint32_t j = (mlow << W) | (th.gt & ((1u << W) - 1));
          th.r[m + (1u << b)] = d * LoadFr(tw + (j << (8 - beta)));
        }
      }
    }
  }
  //! DIT: narrowest first, (u, v) → (u + ω·v, u − ω·v)
  template <unsigned W, unsigned LO, unsigned HI> CUZK_HD static void DitStages(Thread &th, const Fr *tw) {
    CUZK_UNROLL
    for (unsigned beta = LO; beta < HI; beta++) {
      const unsigned b = beta - W;
      CUZK_UNROLL
      for (unsigned m = 0; m < R; m++) {
        if (m & (1u << b)) continue;
        const uint32_t mlow = m & ((1u << b) - 1);
        Fr v = th.r[m + (1u << b)];
        if (!(W == 0 && mlow == 0)) {
          const uint32_t j = (mlow << W) | (th.gt & ((1u << W) - 1));
          v = v * LoadFr(tw + (j << (8 - beta)));
        }
        th.r[m + (1u << b)] = th.r[m] - v;
        th.r[m] = th.r[m] + v;
      }
    }
  }

  //! r[m] ← r[m]·A·B^rev_RL(m): the factors of the thread's rows (gt·R + m) when they are base^(E0 +
  //! rev_RL(m)·step_exponent)
  CUZK_HD static void Geometric(Thread &th, Fr f, const Fr &step) {
    CUZK_UNROLL
    for (unsigned j = 0; j < R; j++) {
      const unsigned m = RevConst(j);
      th.r[m] = th.r[m] * f;
      if (j + 1 < R) f = f * step;
    }
  }
  static constexpr unsigned RevConst(unsigned j) {
    unsigned r = 0;
    for (unsigned i = 0; i < RL; i++) r |= ((j >> i) & 1u) << (RL - 1 - i);
    return r;
  }
  //! the twist ω_N^(i0·rev_S(row)), N = 2^(lo+S), rows gt·R + m (so element m = rev_RL(j) has rev_S(row) =
  //! j·2^GL + rev_GL(gt)); tables: ω_n^E, and ω_(2^roots_log)^k or null
  CUZK_HD static void Twist(Thread &th, const NttPassArgs &a, const PowTable &omega_n, const Fr *roots) {
    const uint32_t i0 = th.line & ((1u << a.lo) - 1);
    if (roots != nullptr && a.lo + S <= a.roots_log) {
      // ω_N^k = ω_(2^roots_log)^(k·2^up), and k = i0·(rev_GL(gt) + j·2^GL) < N
      const unsigned up = a.roots_log - a.lo - S;
      const uint32_t base = i0 * RevBits(th.gt, GL), step = i0 << GL;
      CUZK_UNROLL
      for (unsigned j = 0; j < R; j++) {
        const unsigned m = RevConst(j);
        th.r[m] = th.r[m] * LoadFr(roots + ((base + j * step) << up));
      }
      return;
    }
    const unsigned sh = a.log_n - a.lo - S; // ω_N = ω_n^(2^sh)
    const uint32_t e0 = (i0 * RevBits(th.gt, GL)) << sh;
    const uint32_t e1 = i0 << (a.log_n - a.lo - RL);
    // above the table, element m = rev_RL(j) takes ω_n^(e0 + j·e1) (< 2^n: the exponent is i0·rev_S(row)·2^sh <
    // N·2^sh), one lookup hi·lo
    const uint32_t mask = (uint32_t(1) << omega_n.lo_bits) - 1;
    CUZK_UNROLL
    for (unsigned j = 0; j < R; j++) {
      const uint32_t e = e0 + j * e1;
      th.r[RevConst(j)] =
          th.r[RevConst(j)] * (LoadFr(omega_n.hi + (e >> omega_n.lo_bits)) * LoadFr(omega_n.lo + (e & mask)));
    }
  }
  //! lo = 0: the element at position line·2^S + row has natural index rev_n = rev_RL(m)·2^(n−RL) + rev_GL(gt)·2^(n−S) +
  //! rev_(n−S)(line)
  CUZK_HD static void Scale(Thread &th, const NttPassArgs &a) {
    const uint32_t e0 = (RevBits(th.gt, GL) << (a.log_n - S)) | RevBits(th.line, a.log_n - S);
    Geometric(th, a.scale.At(e0), a.scale_steps[RL - 1]);
  }

  template <unsigned J> CUZK_HD static void DifStep(Thread &th, const Fr *tw) {
    DifStages<DifWindow(J), DifWindow(J), DifTop(J)>(th, tw);
  }
  template <unsigned J> CUZK_HD static void DitStep(Thread &th, const Fr *tw) {
    DitStages<DitWindow(J), RL * J, DitEnd(J)>(th, tw);
  }

  //! the whole pass for one block; Block provides Each(f) (f on every thread's state) and Sync()
  template <class Block> CUZK_HD static void Run(Block &blk, const NttPassArgs &a, uint32_t block) {
    uint32_t *smem = blk.Shared();
    blk.Each([&](Thread &th, uint32_t t) {
      Init(th, a, block, t);
      Load(th, a, a.dif_w ? DifWindow(0) : DitWindow(0));
    });
    if (a.dif_w) {
      RunSteps<false>(blk, a.dif_w, smem);
      if (a.lo > 0) blk.Each([&](Thread &th, uint32_t) { Twist(th, a, a.dif_twist, a.dif_roots); });
    }
    if (a.has_scale) blk.Each([&](Thread &th, uint32_t) { Scale(th, a); });
    if (a.dit_w) {
      if (a.lo > 0) blk.Each([&](Thread &th, uint32_t) { Twist(th, a, a.dit_twist, a.dit_roots); });
      RunSteps<true>(blk, a.dit_w, smem);
    }
    blk.Each([&](Thread &th, uint32_t) { Store(th, a, a.dit_w ? DitWindow(STEPS - 1) : DifWindow(STEPS - 1)); });
  }

  template <bool DIT, unsigned J = 0, class Block>
  CUZK_HD static void RunSteps(Block &blk, const Fr *tw, uint32_t *smem) {
    if constexpr (J < STEPS) {
      if constexpr (J > 0) {
        constexpr unsigned from = DIT ? DitWindow(J - 1) : DifWindow(J - 1);
        constexpr unsigned to = DIT ? DitWindow(J) : DifWindow(J);
        blk.Each([&](Thread &th, uint32_t) { ToShared(th, smem, from); });
        blk.Sync();
        blk.Each([&](Thread &th, uint32_t) { FromShared(th, smem, to); });
        blk.Sync(); // the tile is written again by the next exchange
      }
      blk.Each([&](Thread &th, uint32_t) {
        if constexpr (DIT)
          DitStep<J>(th, tw);
        else
          DifStep<J>(th, tw);
      });
      RunSteps<DIT, J + 1>(blk, tw, smem);
    }
  }
};

//! The bit-reversal permutation of 2^k elements (k ≥ 10), fused with a scaling, as a tiled transpose: index i = (A, B,
//! C) with A its top 5 bits, C its low 5 and B the k − 10 between has rev(i) = (rev C, rev B, rev A), so the 32×32 tile
//! of middle B goes, transposed, to middle rev B. One block swaps the tiles of B and rev B (B ≤ rev B) through shared
//! memory: every global read and write is a run of 32 consecutive elements (the pairwise swap reads one of each pair 32
//! B at a time). Scaling: by s(i) of the input's natural index (before), or of the output's (after), as NttStep says.
struct NttBitReverseTile {
  static constexpr unsigned MIN_LOG = 10;
  static constexpr unsigned SIDE = 32, TILE = SIDE * SIDE, PER_THREAD = TILE / NTT_PASS_THREADS;
  static constexpr size_t SMEM_BYTES = 2 * size_t(TILE) * sizeof(Fr);
  struct Thread {};

  static uint32_t Blocks(unsigned log_n) { return uint32_t(1) << (log_n - 10); }
  //! (row, col) of a tile in shared memory, XOR-swizzled so that a warp reading a row (its loads) or a column (its
  //! stores) hits 32 distinct banks
  CUZK_HD static uint32_t Pos(uint32_t row, uint32_t col) { return row * SIDE + (col ^ row); }

  template <class Block>
  CUZK_HD static void Run(Block &blk, Fr *x, unsigned log_n, const PowTable &scale, bool before, uint32_t block) {
    const unsigned mid = log_n - 10;
    const uint32_t b0 = block, b1 = RevBits(block, mid);
    if (b1 < b0)
      return; // the pair is the other block's (uniform across the block: no
              // barrier is skipped)
    const unsigned tiles = b1 == b0 ? 1 : 2;
    uint32_t *smem = blk.Shared();
    auto index = [&](uint32_t a, uint32_t b, uint32_t c) { return (a << (log_n - 5)) | (b << 5) | c; };
    blk.Each([&](Thread &, uint32_t t) {
      for (unsigned k = 0; k < tiles; k++) {
        CUZK_UNROLL
        for (unsigned r = 0; r < PER_THREAD; r++) {
          const uint32_t a = t / SIDE + r * (NTT_PASS_THREADS / SIDE), c = t % SIDE;
          const uint32_t i = index(a, k ? b1 : b0, c);
          Fr v = LoadFr(x + i);
          if (before && !scale.IsOne()) v = v * scale.At(i);
          const uint32_t p = k * TILE + Pos(a, c);
          CUZK_UNROLL
          for (int q = 0; q < Fr::N; q++) smem[q * 2 * TILE + p] = v.v[q];
        }
      }
    });
    blk.Sync();
    blk.Each([&](Thread &, uint32_t t) {
      for (unsigned k = 0; k < tiles; k++) {
        CUZK_UNROLL
        for (unsigned r = 0; r < PER_THREAD; r++) {
          const uint32_t a = t / SIDE + r * (NTT_PASS_THREADS / SIDE), c = t % SIDE;
          // new (a, rev B, c) = old (rev c, B, rev a): tile k lands at the other middle
          const uint32_t j = index(a, k ? b0 : b1, c);
          const uint32_t p = k * TILE + Pos(RevBits(c, 5), RevBits(a, 5));
          Fr v;
          CUZK_UNROLL
          for (int q = 0; q < Fr::N; q++) v.v[q] = smem[q * 2 * TILE + p];
          if (!before && !scale.IsOne()) v = v * scale.At(j);
          StoreFr(x + j, v);
        }
      }
    });
  }
};

} // namespace cuzk::gpu
