// src/filecoin/testing/seal_store.hpp — a sealed sector on disk, so that C1 can run in another process
// (or days later, when the seed arrives) than the seal. The directory holds:
//   seal.meta        text, one `key value` per line: the configuration, the seal inputs and every
//                    commitment (hex), so loading can prove the files are the ones sealed
//   data.dat         the padded sector data (tree_d's leaves)
//   layer-<l>.dat    the labels of layer l = 1..L, 32 bytes a node
//   sealed.dat       the replica (tree_r_last's leaves), as a sealed-sector file
// Trees are not stored: loading rebuilds them from the data and labels and checks the roots
// against seal.meta.
#pragma once
#include "filecoin/testing/seal.hpp"

#include <filesystem>

namespace cuzk::filecoin {

//! Writes the directory (created if missing; files overwritten). kInvalidArgument naming the file
//! when writing fails.
Status SaveSealedSector(const SealedSector &sector, const std::filesystem::path &dir);

//! Reads a directory written by SaveSealedSector and rebuilds the trees. kInvalidArgument naming the
//! file or key for a missing or malformed file, kBadLength for a file of the wrong size, and
//! kInvalidArgument naming the commitment when a rebuilt root differs from seal.meta (a corrupted or
//! mixed-up file).
Expected<SealedSector> LoadSealedSector(const std::filesystem::path &dir);

//! Seals the unpadded bytes of a data file (a piece or a whole sector's payload, at most
//! Fr32UnpaddedCapacity(sector size) bytes; the rest of the sector is zeros), as SealUnpadded.
//! kInvalidArgument naming the file when it cannot be read, kBadLength when it does not fit.
Expected<SealedSector> SealDataFile(const PorepConfig &config, const std::filesystem::path &file,
                                    const SealInputs &inputs);

} // namespace cuzk::filecoin
