pragma circom 2.0.0;
// A MiMC-style keyed permutation (x ← (x + key + c_i)^7 for 91 rounds) whose output is also split
// into 255 bits and recomposed: several hundred constraints, long linear combinations (the bit
// recomposition), booleanity constraints, and two public inputs besides the output.
template Pow7Round(c) {
  signal input x;
  signal input key;
  signal output y;
  signal t2;
  signal t4;
  signal t6;
  var t = x + key + c;
  t2 <== t * t;
  t4 <== t2 * t2;
  t6 <== t4 * t2;
  y <== t6 * t;
}

template Bits(n) {
  signal input in;
  signal output out[n];
  var acc = 0;
  var pow = 1;
  for (var i = 0; i < n; i++) {
    out[i] <-- (in >> i) & 1;
    out[i] * (out[i] - 1) === 0;
    acc += out[i] * pow;
    pow = pow + pow;
  }
  acc === in;
}

template MimcBits(rounds) {
  signal input x;
  signal input key;
  signal input tweak;
  signal output digest;
  signal output low_bit;
  component r[rounds];
  for (var i = 0; i < rounds; i++) {
    r[i] = Pow7Round(i * i + 3);
    r[i].x <== i == 0 ? x + tweak : r[i - 1].y;
    r[i].key <== key;
  }
  digest <== r[rounds - 1].y;
  component bits = Bits(255);
  bits.in <== digest;
  low_bit <== bits.out[0];
}
component main {public [key, tweak]} = MimcBits(91);
