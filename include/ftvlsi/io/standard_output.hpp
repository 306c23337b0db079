#pragma once
// Standard output is an output like any file: when a write to it or its flush fails (a full
// disk, /dev/full, a reader that closed its pipe) the run fails with exit code 3 instead of
// reporting success over a document that never arrived.

namespace ftvlsi {

// Flushes std::cout and stdout; IoError FTV-7060 when this flush or an earlier write to either
// failed.
void flush_standard_output();

}  // namespace ftvlsi
