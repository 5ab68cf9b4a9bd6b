// src/ec/ec.hpp — public header of the curve layer.
#pragma once
#include "ec/curve.hpp"
#include "ec/point.hpp"
