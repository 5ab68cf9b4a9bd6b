// src/groth16/groth16.hpp — public header of the Groth16 layer.
#pragma once
#include "groth16/parameters.hpp"
#include "groth16/params_io.hpp"
#include "groth16/proof_encoding.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/snarkjs_json.hpp"
#include "groth16/verifier.hpp"
