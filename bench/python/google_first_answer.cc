// The first answer per file with Google's robots.txt parser (C++), for
// bench/python/single_call.py: each file parsed and asked one URL, the way
// its users call it (OneAgentAllowedByRobots parses on every call), timed in
// CPU time. Built by single_call.py against a checkout of
// github.com/google/robotstxt (--google DIR); not part of the package.
//
//   google_first_answer INPUT ROUNDS RUNS
//
// INPUT holds, for each file: its length in bytes on a line, the bytes, then
// the URL to ask on a line. Prints one figure per run: ns of CPU time per file.
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "robots.h"

namespace {

struct Entry {
  std::string body;
  std::string url;
};

double CpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
         usage.ru_stime.tv_usec / 1e6;
}

std::vector<Entry> Read(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<Entry> entries;
  std::string line;
  while (std::getline(in, line)) {
    Entry entry;
    entry.body.resize(std::strtoul(line.c_str(), nullptr, 10));
    in.read(entry.body.data(), static_cast<std::streamsize>(entry.body.size()));
    std::getline(in, entry.url);
    entries.push_back(std::move(entry));
  }
  return entries;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: google_first_answer INPUT ROUNDS RUNS\n";
    return 2;
  }
  const std::vector<Entry> entries = Read(argv[1]);
  const int rounds = std::atoi(argv[2]);
  const int runs = std::atoi(argv[3]);
  long allowed = 0;  // used below, so that no call is optimised away
  for (int run = 0; run < runs; ++run) {
    const double start = CpuSeconds();
    for (int round = 0; round < rounds; ++round) {
      for (const Entry& entry : entries) {
        googlebot::RobotsMatcher matcher;
        allowed += matcher.OneAgentAllowedByRobots(entry.body, "Googlebot", entry.url) ? 1 : 0;
      }
    }
    const double seconds = CpuSeconds() - start;
    std::printf("%.1f\n", seconds * 1e9 / (static_cast<double>(rounds) * entries.size()));
  }
  std::fprintf(stderr, "%ld allowed\n", allowed);
  return 0;
}
