// src/gpu/ntt_schedule.cpp — see ntt_schedule.hpp.
#include "gpu/ntt_schedule.hpp"

#include <algorithm>
#include <span>

namespace cuzk::gpu {

namespace {

NttTableData::Ref Add(std::vector<ff::Fr> &all, const HostPowTable &t) {
  NttTableData::Ref r;
  r.lo_bits = t.lo_bits;
  r.hi = all.size();
  all.insert(all.end(), t.hi.begin(), t.hi.end());
  r.lo = all.size();
  all.insert(all.end(), t.lo.begin(), t.lo.end());
  return r;
}

size_t AddPowers(std::vector<ff::Fr> &all, const ff::Fr &base, size_t count) {
  const size_t at = all.size();
  ff::Fr acc = ff::Fr::One();
  for (size_t i = 0; i < count; i++) {
    all.push_back(acc);
    acc = acc * base;
  }
  return at;
}

PowTable View(const NttTableData::Ref &r, const Fr *base) {
  PowTable t;
  t.hi = base + r.hi;
  t.lo = r.constant ? nullptr : base + r.lo;
  t.lo_bits = r.lo_bits;
  return t;
}

//! the elements' per-pass work: pass i of `split` with the given parts
NttStep Pass(const NttSplit &sp, unsigned i, unsigned log_n, Fr *x) {
  NttStep s;
  s.bits = sp.bits[i];
  s.pass.x = x;
  s.pass.log_n = log_n;
  s.pass.lo = sp.lo[i];
  return s;
}

//! the inverse root's passes (interpolation): DIF, top pass first
void AddDif(std::vector<NttStep> &out, const NttTables &t, const NttSplit &sp, unsigned log_n, Fr *x) {
  for (unsigned i = sp.count; i-- > 0;) {
    NttStep s = Pass(sp, i, log_n, x);
    s.pass.dif_w = t.w512_inv;
    s.pass.dif_twist = t.omega_inv;
    s.pass.dif_roots = t.roots_inv;
    s.pass.roots_log = t.roots_log;
    out.push_back(s);
  }
}
//! a pass's DIT part on the forward root (evaluation)
void SetDit(NttStep &s, const NttTables &t) {
  s.pass.dit_w = t.w512;
  s.pass.dit_twist = t.omega;
  s.pass.dit_roots = t.roots;
  s.pass.roots_log = t.roots_log;
}
void AddDit(std::vector<NttStep> &out, const NttTables &t, const NttSplit &sp, unsigned log_n, Fr *x, unsigned first) {
  for (unsigned i = first; i < sp.count; i++) {
    NttStep s = Pass(sp, i, log_n, x);
    SetDit(s, t);
    out.push_back(s);
  }
}
NttStep BitReverse(Fr *x, const PowTable &scale, bool before) {
  NttStep s;
  s.bit_reverse = true;
  s.x = x;
  s.br_scale = scale;
  s.br_before = before;
  return s;
}
//! passes (two or more) of one transform on x, run out of place: the first reads x, every one writes scratch, and the
//! last reads scratch and writes x
void RouteThrough(std::span<NttStep> passes, Fr *x, Fr *scratch) {
  for (NttStep &s : passes) s.pass.x = scratch;
  passes.front().pass.src = x;
  passes.back().pass.src = scratch;
  passes.back().pass.x = x;
}
void SetScale(NttStep &s, const PowTable &t, const Fr (&steps)[3]) {
  s.pass.has_scale = true;
  s.pass.scale = t;
  for (int i = 0; i < 3; i++) s.pass.scale_steps[i] = steps[i];
}

} // namespace

NttTableData BuildNttTables(unsigned log_n, unsigned root_table_log) {
  NttTableData d;
  const ff::Fr one = ff::Fr::One();
  const ff::Fr omega = DomainRoot(log_n), omega_inv = omega.Inverse();
  const ff::Fr g = CosetGenerator(), g_inv = g.Inverse();
  const ff::Fr n_inv = ff::Fr::FromUint(uint64_t(1) << log_n).Inverse();
  d.z_inv = (g.Pow(uint64_t(1) << log_n) - one).Inverse();
  auto &all = d.all;
  const ff::Fr w512 = DomainRoot(9);
  d.w512 = AddPowers(all, w512, NTT_INNER_TABLE);
  d.w512_inv = AddPowers(all, w512.Inverse(), NTT_INNER_TABLE);
  d.roots_log = std::min(log_n, root_table_log);
  if (d.roots_log > 0) {
    const ff::Fr root = DomainRoot(d.roots_log);
    d.roots = AddPowers(all, root, size_t(1) << d.roots_log);
    d.roots_inv = AddPowers(all, root.Inverse(), size_t(1) << d.roots_log);
  }
  d.omega = Add(all, BuildPowTable(omega, log_n, one));
  d.omega_inv = Add(all, BuildPowTable(omega_inv, log_n, one));
  d.coset = Add(all, BuildPowTable(g, log_n, one));
  d.coset_ninv = Add(all, BuildPowTable(g, log_n, n_inv));
  d.coset_inv_ninv = Add(all, BuildPowTable(g_inv, log_n, n_inv));
  d.h_final = Add(all, BuildPowTable(g_inv, log_n, n_inv * d.z_inv));
  d.ninv.hi = all.size();
  d.ninv.constant = true;
  all.push_back(n_inv);
  d.nz_inv.hi = all.size();
  d.nz_inv.constant = true;
  all.push_back(n_inv * d.z_inv);
  // the lowest pass's threads hold rows differing in the top RL bits of the natural index
  for (unsigned rl = 1; rl <= 3; rl++) {
    d.coset_steps[rl - 1] = rl <= log_n ? g.Pow(uint64_t(1) << (log_n - rl)) : one;
    d.coset_inv_steps[rl - 1] = d.coset_steps[rl - 1].Inverse();
  }
  return d;
}

NttTables ResolveNttTables(const NttTableData &d, const Fr *base) {
  NttTables t;
  t.w512 = base + d.w512;
  t.w512_inv = base + d.w512_inv;
  if (d.roots_log > 0) {
    t.roots = base + d.roots;
    t.roots_inv = base + d.roots_inv;
    t.roots_log = d.roots_log;
  }
  t.omega = View(d.omega, base);
  t.omega_inv = View(d.omega_inv, base);
  t.coset = View(d.coset, base);
  t.coset_ninv = View(d.coset_ninv, base);
  t.coset_inv_ninv = View(d.coset_inv_ninv, base);
  t.h_final = View(d.h_final, base);
  t.ninv = View(d.ninv, base);
  t.nz_inv = View(d.nz_inv, base);
  for (int i = 0; i < 3; i++) {
    t.coset_steps[i] = ToDevice<Fr>(d.coset_steps[i]);
    t.coset_inv_steps[i] = ToDevice<Fr>(d.coset_inv_steps[i]);
  }
  return t;
}

std::vector<NttStep> TransformSteps(const NttTables &t, unsigned log_n, Fr *x, NttKind kind, Fr *scratch) {
  const NttSplit sp = NttSplit::For(log_n);
  std::vector<NttStep> out;
  const bool forward = kind == NttKind::kForward || kind == NttKind::kCosetForward;
  if (forward)
    AddDit(out, t, sp, log_n, x, 0);
  else
    AddDif(out, t, sp, log_n, x);
  // DIF leaves the coefficients bit-reversed; the last pass scales them (n⁻¹, or n⁻¹·g^−j)
  if (kind == NttKind::kInverse) {
    const Fr one = ToDevice<Fr>(ff::Fr::One()), ones[3] = {one, one, one};
    SetScale(out.back(), t.ninv, ones);
  } else if (kind == NttKind::kCosetInverse) {
    SetScale(out.back(), t.coset_inv_ninv, t.coset_inv_steps);
  }
  if (scratch != nullptr && sp.count >= 2) {
    // Out of place: the first pass reads x and writes scratch, the last reads scratch and writes x. The lo = 0 pass
    // (the first DIT, the last DIF) permutes as it goes, gathering the natural-order input (scaled by g^j in its tile
    // for a coset) or scattering the natural-order output: no bit-reversal pass, 2·n·32 bytes of traffic less.
    RouteThrough(out, x, scratch);
    NttStep &low = forward ? out.front() : out.back();
    (forward ? low.pass.gather : low.pass.scatter) = true;
    if (kind == NttKind::kCosetForward) SetScale(low, t.coset, t.coset_steps);
    return out;
  }
  if (forward) // DIT wants bit-reversed input: permute first (scaling the natural-order input by g^i on the way)
    out.insert(out.begin(), BitReverse(x, kind == NttKind::kCosetForward ? t.coset : PowTable{}, true));
  else
    out.push_back(BitReverse(x, PowTable{}, false));
  return out;
}

std::array<size_t, 3> HStepShareEnds(unsigned log_n, bool derived_c) {
  const size_t p = NttSplit::For(log_n).count;
  // a, b: interpolation + coset evaluation (2p − 1 passes); c: interpolation only (p)
  if (derived_c) return {2 * p - 1, 3 * p - 1, 5 * p - 2};
  return {2 * p - 1, 4 * p - 2, 5 * p - 2};
}

// Groth16's h = (interpolate_coset(A·B − C))/Z with Z = g^n − 1 constant on the coset. Interpolation is linear and C
// has degree < n, so interpolate_coset(C's coset values) = C: only A and B are evaluated on the coset, c is only
// interpolated, and h = (interpolate_coset(A·B) − C)/Z. Six transforms instead of seven.
std::vector<NttStep> HSteps(const NttTables &t, unsigned log_n, Fr *a, Fr *b, Fr *c, bool natural_out, bool derived_c) {
  const NttSplit sp = NttSplit::For(log_n);
  std::vector<NttStep> out;
  for (Fr *v : {a, b}) {
    // interpolate (DIF, coefficients bit-reversed), then in the lowest pass's tile: scale coefficient j by g^j/n and
    // start the coset evaluation (DIT, bit-reversed in, natural out)
    AddDif(out, t, sp, log_n, v);
    NttStep &mid = out.back();
    SetDit(mid, t);
    SetScale(mid, t.coset_ninv, t.coset_steps);
    AddDit(out, t, sp, log_n, v, 1);
  }
  // C's coefficients, bit-reversed, pre-divided by Z: c_j/(n·Z) from the unscaled DIF's n·c_j
  const Fr one = ToDevice<Fr>(ff::Fr::One()), ones[3] = {one, one, one};
  AddDif(out, t, sp, log_n, c);
  SetScale(out.back(), t.nz_inv, ones);
  // A·B on the coset, read by the first pass of the coset interpolation; n⁻¹·g^−j·Z⁻¹ is one table in the last pass,
  // which also subtracts C/Z (the same bit-reversed positions)
  const size_t first = out.size();
  AddDif(out, t, sp, log_n, a);
  out[first].pass.load_mul = b;
  SetScale(out.back(), t.h_final, t.coset_inv_steps);
  out.back().pass.store_sub = c;
  if (natural_out && sp.count >= 2) {
    // b is free once the first pass has read it: the passes run through it and the last scatters h back into a in
    // natural order, with no bit-reversal pass
    RouteThrough(std::span(out).subspan(first), a, b);
    out.back().pass.scatter = true;
  } else if (natural_out) {
    out.push_back(BitReverse(a, PowTable{}, false));
  }
  if (derived_c) {
    // shares a, b, c → a, c, b; c's first pass multiplies its copy of a by b as it loads
    const auto ends = HStepShareEnds(log_n);
    std::rotate(out.begin() + ends[0], out.begin() + ends[1], out.begin() + ends[2]);
    out[ends[0]].pass.load_mul = b;
  }
  return out;
}

} // namespace cuzk::gpu
