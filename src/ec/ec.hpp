// src/ec/ec.hpp — public header of the curve layer.
#pragma once
#include "ec/curve.hpp"
#include "ec/encoding.hpp"
#include "ec/endomorphism.hpp"
#include "ec/fixed_base.hpp"
#include "ec/point.hpp"
#include "ec/scalar_mul.hpp"
#include "ec/subgroup.hpp"
