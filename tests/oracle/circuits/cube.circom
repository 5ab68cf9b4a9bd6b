pragma circom 2.0.0;
// y = k·x³ + x + 5, with k public: a few constraints, one public input and one public output.
template Cube() {
  signal input x;
  signal input k;
  signal output y;
  signal x2;
  signal x3;
  x2 <== x * x;
  x3 <== x2 * x;
  y <== x3 * k + x + 5;
}
component main {public [k]} = Cube();
