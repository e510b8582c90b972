#pragma once
// A minimal JSON reader for the JAX corpus manifest: objects, arrays, strings, numbers, booleans
// and null. Enough for test data; not a general-purpose parser.

#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace hlotrain::testing {

struct Json {
  enum class Kind { null, boolean, number, string, array, object } kind = Kind::null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Json> array;
  std::map<std::string, Json, std::less<>> object;

  bool isNull() const { return kind == Kind::null; }
  // Member `key` of an object, or a null value when absent.
  const Json& operator[](std::string_view key) const;
};

// For gtest's messages and listings: an object's "name" member, else the kind of value.
void PrintTo(const Json& value, std::ostream* os);

// Throws std::runtime_error with the byte offset on malformed text.
Json parseJson(std::string_view text);

} // namespace hlotrain::testing
