// tests/oracle/ops_filecoin.mjs — oracles for dump_filecoin.cpp: commP through
// @web3-storage/data-segment 5.3.0 and commitment CIDs through multiformats 14.0.5 (spec/oracles.md §3).
import { Piece } from '@web3-storage/data-segment';
import { CID } from 'multiformats/cid';
import * as Digest from 'multiformats/hashes/digest';
import { bytesHex, hexBytes } from './oracle_lib.mjs';

const FIL_COMMITMENT_UNSEALED = 0xf101;
const SHA2_256_TRUNC254_PADDED = 0x1012;
const FIL_COMMITMENT_SEALED = 0xf102;
const POSEIDON_BLS12_381_A2_FC1 = 0xb401;

const cid = (codec, mh, hex) => CID.create(1, codec, Digest.create(mh, hexBytes(hex))).toString();

export const OPS = {
  commp: ([payload]) => {
    const p = Piece.fromPayload(hexBytes(payload));
    return [bytesHex(p.root), String(p.size)];
  },
  'cid.comm_d': ([root]) => [cid(FIL_COMMITMENT_UNSEALED, SHA2_256_TRUNC254_PADDED, root)],
  'cid.comm_r': ([root]) => [cid(FIL_COMMITMENT_SEALED, POSEIDON_BLS12_381_A2_FC1, root)],
};
