// src/gadgets/gadgets.hpp — public header of the gadget layer: the circuit building blocks of
// Filecoin's SNARKs, each constraint-exact with its bellperson / bellpepper / rust-fil-proofs
// counterpart (DESIGN.md rule 1).
#pragma once
#include "gadgets/boolean.hpp"
#include "gadgets/encode.hpp"
#include "gadgets/insertion.hpp"
#include "gadgets/multieq.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/num.hpp"
#include "gadgets/por.hpp"
#include "gadgets/poseidon_circuit.hpp"
#include "gadgets/sha256.hpp"
#include "gadgets/uint32.hpp"
#include "gadgets/uint64.hpp"
