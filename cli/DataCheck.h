#pragma once
// `hlotrain data check`: loads every split of a dataset through the loaders training uses (every
// check they make), then prints per split the record count and what its labels hold.

#include <ostream>
#include <span>
#include <string>

namespace hlotrain::cli {

int dataCommand(std::span<const std::string> args, std::ostream& out);

extern const char* const kDataUsage;

} // namespace hlotrain::cli
