#pragma once
// A report shard's partial result (report-shard-K-of-N.json, docs/cluster.md): the summary rows,
// level tables and index entries of its layouts (whose files are in its folder), and the cube
// sweep's section if it owns it.
#include <string>
#include <string_view>

#include "ftvlsi/report/report.hpp"

namespace ftvlsi {

std::string report_partial_json(const ReportPartial& partial);
ReportPartial parse_report_partial(std::string_view text, std::string_view source);

}  // namespace ftvlsi
