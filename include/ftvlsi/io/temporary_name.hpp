#pragma once
// The names of temporaries: an output is written as `NAME.tmp.HOST.PID.N` beside its final name
// (a folder as `.NAME.tmp.HOST.PID.N`), where N counts this process's temporaries, so two threads
// or two processes writing the same output never share a temporary. A temporary whose process is
// gone (killed by SIGKILL, a power cut) is stale: the next run that writes the same output on the
// same host removes it.
#include <string>

namespace ftvlsi {

// A fresh temporary name for the file `path`, in the same folder.
std::string temporary_file_name(const std::string& path);

// A fresh temporary name for the folder `path`, hidden in the same parent folder.
std::string temporary_folder_name(const std::string& path);

// Removes the stale temporaries of `path` (files and folders): those named as above, and the
// `NAME.tmp.PID` of earlier versions, whose process no longer runs on this host. Returns how many
// were removed; errors are ignored (a temporary that cannot be removed stays, as before).
int remove_stale_temporaries(const std::string& path);

}  // namespace ftvlsi
