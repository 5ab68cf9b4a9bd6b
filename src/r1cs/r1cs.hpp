// src/r1cs/r1cs.hpp — public header of the constraint-system layer.
#pragma once
#include "r1cs/constraint_system.hpp"
#include "r1cs/iden3.hpp"
#include "r1cs/linear_combination.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/recording_cs.hpp"
#include "r1cs/test_cs.hpp"
#include "r1cs/witness_cs.hpp"
