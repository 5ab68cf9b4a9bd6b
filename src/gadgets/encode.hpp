// src/gadgets/encode.hpp — SDR encoding in a circuit (storage-proofs-core gadgets/encode.rs over
// gadgets/constraint.rs): a replica node is key + data in Fr (spec/porep.md §2.6, §3.2 step 7),
// where the key is the last layer's label. One new number and one constraint each way.
#pragma once
#include "gadgets/num.hpp"

namespace cuzk::gadgets {

//! key + value: namespace "encode_add", alloc the sum ("add_num"), (key + value)·1 = sum
AllocatedNum Encode(ConstraintSystem &cs, const AllocatedNum &key, const AllocatedNum &value);

//! value − key: namespace "decode_sub", alloc the difference ("sub_num"), (difference + key)·1 = value
AllocatedNum Decode(ConstraintSystem &cs, const AllocatedNum &key, const AllocatedNum &value);

} // namespace cuzk::gadgets
