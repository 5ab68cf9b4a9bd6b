// src/poly/poly.hpp — umbrella header of the poly layer (domains, NTTs, Lagrange basis, H).
#pragma once
#include "poly/domain.hpp"
#include "poly/lagrange.hpp"
#include "poly/ntt.hpp"
#include "poly/quotient.hpp"
