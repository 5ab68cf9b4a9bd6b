// src/ff/ff.hpp — the public header of the field layer: Fr, Fp, Fp2, Fp6, Fp12.
#pragma once
#include "ff/batch_inverse.hpp"
#include "ff/bls12_381.hpp"
#include "ff/fp12.hpp"
#include "ff/fp2.hpp"
#include "ff/fp6.hpp"
