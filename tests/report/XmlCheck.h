#pragma once
// A small well-formedness check for the XML the report writes (elements, double-quoted
// attributes, text, the entities of report::escapeXml, a leading <!DOCTYPE>): every tag closed
// in order, no raw `<`, `>` or `&` in text or attribute values, no attribute twice.

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace hlotrain::report::testing {

// The problem and its byte offset; empty when `text` is well-formed.
inline std::string xmlProblem(std::string_view text) {
  std::vector<std::string> open;
  size_t i = 0;
  const auto at = [&](size_t offset) { return " at offset " + std::to_string(offset); };
  const auto name = [&]() {
    size_t start = i;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) ||
                               text[i] == '-' || text[i] == '_' || text[i] == ':'))
      ++i;
    return std::string(text.substr(start, i - start));
  };
  const auto entity = [&](size_t& j) -> bool {
    for (std::string_view e : {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"})
      if (text.substr(j).starts_with(e)) {
        j += e.size();
        return true;
      }
    return false;
  };
  const auto skipSpace = [&]() {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '&') {
      if (!entity(i)) return "a bare '&'" + at(i);
    } else if (c == '>') {
      return "a bare '>' in text" + at(i);
    } else if (c != '<') {
      ++i;
    } else if (text.substr(i).starts_with("<!DOCTYPE")) {
      if (i != 0) return "<!DOCTYPE not at the start" + at(i);
      i = text.find('>', i);
      if (i == std::string_view::npos) return "unterminated <!DOCTYPE";
      ++i;
    } else if (text.substr(i).starts_with("</")) {
      const size_t start = i;
      i += 2;
      std::string closing = name();
      skipSpace();
      if (i >= text.size() || text[i] != '>') return "malformed end tag" + at(start);
      ++i;
      if (open.empty()) return "</" + closing + "> closes nothing" + at(start);
      if (open.back() != closing)
        return "</" + closing + "> closes <" + open.back() + ">" + at(start);
      open.pop_back();
    } else {
      const size_t start = i;
      ++i;
      std::string element = name();
      if (element.empty()) return "a bare '<'" + at(start);
      std::vector<std::string> attributes;
      while (true) {
        skipSpace();
        if (i >= text.size()) return "unterminated <" + element + ">" + at(start);
        if (text[i] == '>') {
          open.push_back(element);
          ++i;
          break;
        }
        if (text.substr(i).starts_with("/>")) {
          i += 2;
          break;
        }
        std::string attribute = name();
        if (attribute.empty()) return "malformed attribute in <" + element + ">" + at(i);
        if (std::find(attributes.begin(), attributes.end(), attribute) != attributes.end())
          return "attribute " + attribute + " twice in <" + element + ">" + at(i);
        attributes.push_back(attribute);
        if (i + 1 >= text.size() || text[i] != '=' || text[i + 1] != '"')
          return "attribute " + attribute + " without =\"value\"" + at(i);
        i += 2;
        while (i < text.size() && text[i] != '"') {
          if (text[i] == '<' || text[i] == '>') return "raw '<' or '>' in a value" + at(i);
          if (text[i] == '&') {
            if (!entity(i)) return "a bare '&' in a value" + at(i);
          } else {
            ++i;
          }
        }
        if (i >= text.size()) return "unterminated value" + at(start);
        ++i;
      }
    }
  }
  if (!open.empty()) return "<" + open.back() + "> is never closed";
  return "";
}

// How many times `needle` occurs in `text`.
inline size_t occurrences(std::string_view text, std::string_view needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string_view::npos;
       at = text.find(needle, at + needle.size()))
    ++n;
  return n;
}

} // namespace hlotrain::report::testing
