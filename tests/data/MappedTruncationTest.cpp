// A dataset file truncated while it is memory-mapped: reading a record it no longer holds is a
// one-line RuntimeError naming the file, on the caller's thread and through the prefetcher's,
// never a SIGBUS; a SIGBUS anywhere else still goes where it went before.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>

#include "BratsFiles.h"
#include "RecordFiles.h"
#include "YoloFiles.h"
#include "data/Batch.h"
#include "data/Imagenette.h"
#include "data/MappedFile.h"
#include "data/Prefetch.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::data;
using namespace hlotrain::data::testing;

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
// A SIGBUS is the program's here (MappedFile's guarded reads, and the default action elsewhere):
// clang's AddressSanitizer would otherwise take it and exit with a report instead of the signal
// these tests expect.
extern "C" const char* __asan_default_options() {
  return "handle_sigbus=0";
}
#endif
#endif

namespace {

constexpr uint64_t kCifarRecord = 1 + 3 * 32 * 32;

template <typename Read> std::string runtimeErrorOf(Read read) {
  try {
    read();
  } catch (const RuntimeError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no RuntimeError";
  return "";
}

// The error of a read of bytes `path` no longer holds: one line, naming the file first.
void expectChangedFile(const std::string& message, const std::string& path) {
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_EQ(message.rfind(path + ": the file changed while it was being read (truncated or "
                                 "rewritten?)",
                          0),
            0u)
      << message;
}

void shrink(const std::filesystem::path& path, uint64_t size) {
  ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(size)), 0) << path;
}

class MappedTruncationTest : public ScratchDir {
protected:
  // A CIFAR-10 test batch of n records (every page of it a multiple of the record size away).
  std::filesystem::path writeCifarTest(int64_t n) {
    std::filesystem::create_directories(dir / "cifar-10");
    const std::filesystem::path path = dir / "cifar-10" / "test_batch.bin";
    writeBytes(path, labelledRecords(0, n, 32), false);
    return path;
  }
};

TEST_F(MappedTruncationTest, AReadOfBytesTheFileNoLongerHoldsIsAnErrorNamingIt) {
  const std::filesystem::path path = writeCifarTest(100); // 307300 bytes, 76 pages
  std::shared_ptr<const MappedFile> file = MappedFile::open(path.string());
  std::vector<uint8_t> record(kCifarRecord);
  file->read(50 * kCifarRecord, record);
  EXPECT_EQ(record[0], recordLabel(50));

  shrink(path, kCifarRecord); // the first page stays; the mapping still spans 307300 bytes
  const std::string message = runtimeErrorOf([&] { file->read(50 * kCifarRecord, record); });
  expectChangedFile(message, path.string());
  EXPECT_NE(message.find("bytes 153650..156723 are gone (it held 307300 bytes when opened, "
                         "3073 now)"),
            std::string::npos)
      << message;
  // The guard is armed again (the signal is unblocked): the next read fails the same way, and
  // bytes the file still holds read as before.
  expectChangedFile(runtimeErrorOf([&] { file->read(99 * kCifarRecord, record); }), path.string());
  file->read(0, record);
  EXPECT_EQ(record[0], recordLabel(0));
  EXPECT_EQ(record[kCifarRecord - 1], recordPixel(0, 2, 31, 31));
  // A range outside the mapping is refused before anything is read.
  EXPECT_THROW(file->read(100 * kCifarRecord, record), RuntimeError);
}

// Every loader of a memory-mapped format hands the assembler records it reads through the guard.
TEST_F(MappedTruncationTest, EveryMappedFormatTurnsATruncatedRecordIntoAnError) {
  struct Case {
    DatasetSpec spec;
    std::filesystem::path path;
    std::vector<uint8_t> bytes;
    uint64_t kept; // bytes left: the header and the first record
    int64_t records;
  };
  std::filesystem::create_directories(dir / "cifar-10");
  std::vector<SliceRecord> slices;
  for (uint64_t i = 0; i < 10; ++i) slices.push_back(syntheticSlice(32, i, Tumour::full));
  const std::vector<Case> cases = {
      {DatasetKind::cifar10, dir / "cifar-10" / "test_batch.bin", labelledRecords(0, 20, 32),
       kCifarRecord, 20},
      {DatasetKind::imagenette, dir / "val.bin", imagenetteBin(3, imagenetteSide(Split::test)),
       4 + 1 + 3 * 224 * 224, 3},
      {DatasetSpec(DatasetKind::brats, std::nullopt, 32), dir / "val.bin", bratsBin(slices),
       4 + 5 * 32 * 32, 10},
      {DatasetSpec(DatasetKind::visdrone, std::nullopt, 64), dir / "val.bin",
       yoloBin(syntheticDetections(64, 10, 5), 64), 4 + 3 * 64 * 64 + YoloLabelLayout(64).bytes,
       10},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(datasetKindName(c.spec.kind)));
    writeBytes(c.path, c.bytes, false);
    const DatasetIO& io = datasetIO(c.spec);
    Dataset set = io.load(dir.string(), Split::test);
    ASSERT_EQ(set.size(), c.records);
    BatchAssembler batches(io, set);
    std::vector<float> x(static_cast<size_t>(batches.rowElements()));
    std::vector<int32_t> y(static_cast<size_t>(batches.labelElements()));
    const std::vector<int64_t> last = {c.records - 1};
    batches.assemble(last, x, y);
    shrink(c.path, c.kept);
    expectChangedFile(runtimeErrorOf([&] { batches.assemble(last, x, y); }), c.path.string());
    const std::vector<int64_t> first = {0};
    batches.assemble(first, x, y); // the record the file still holds
    std::filesystem::remove(c.path);
  }
}

TEST_F(MappedTruncationTest, APrefetchedBatchFailsInItsTurnOnTheConsumersThread) {
  const std::filesystem::path path = writeCifarTest(60);
  const DatasetIO& io = datasetIO(DatasetKind::cifar10);
  Dataset set = loadDataset(DatasetKind::cifar10, dir.string(), Split::test);
  std::vector<int64_t> order(60);
  for (int64_t i = 0; i < 60; ++i) order[i] = 59 - i; // the last records first
  BatchAssembler assembler(io, set);
  std::vector<float> x(static_cast<size_t>(20 * assembler.rowElements()));
  std::vector<int32_t> y(20);
  assembler.assemble(std::span(order).first(20), x, y); // batch 0, while the file is whole

  // Records 0..39 stay: batch 0 (records 59..40) is gone, batches 1 and 2 are held. The file
  // shrinks after loading, before the prefetch thread reads anything.
  shrink(path, 40 * kCifarRecord);
  BatchPrefetcher batches(io, set, 20);
  batches.start(order);
  expectChangedFile(runtimeErrorOf([&] { batches.next(); }), path.string());
  EXPECT_FALSE(batches.next()); // the failure ended the pass

  // A pass over what the file still holds runs as before.
  batches.start(order, 1);
  for (int64_t k = 1; k < 3; ++k) {
    std::optional<BatchPrefetcher::Batch> b = batches.next();
    ASSERT_TRUE(b);
    EXPECT_EQ(b->index, k);
    assembler.assemble(std::span(order).subspan(static_cast<size_t>(20 * k), 20), x, y);
    EXPECT_TRUE(std::equal(x.begin(), x.end(), b->x.begin()));
    EXPECT_TRUE(std::equal(y.begin(), y.end(), b->y.begin()));
  }
  EXPECT_FALSE(batches.next());
}

// The death tests run in a fresh process each (threadsafe style), so the statement installs our
// handler there itself, after whatever the test put in place before it.
bool killedBySigbus(int status) {
#if defined(__SANITIZE_ADDRESS__)
  return WIFEXITED(status) && WEXITSTATUS(status) != 0; // AddressSanitizer's own report ends it
#else
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS;
#endif
}

// An unguarded read of a page the file no longer holds, in the death test's child.
[[noreturn]] void readUnguardedPastTheEnd(const std::filesystem::path& path,
                                          const std::filesystem::path& scratch) {
  std::shared_ptr<const MappedFile> file = MappedFile::open(path.string());
  shrink(path, kCifarRecord);
  std::filesystem::remove_all(scratch); // the child leaves no scratch folder behind
  volatile uint8_t byte = file->bytes()[50 * kCifarRecord];
  (void)byte;
  std::_Exit(0);
}

TEST_F(MappedTruncationTest, ASigbusOutsideAGuardedReadStillEndsTheProcess) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::filesystem::path path = writeCifarTest(100);
  EXPECT_EXIT(readUnguardedPastTheEnd(path, dir), killedBySigbus, "");
  EXPECT_EXIT(
      {
        MappedFile::open(path.string());
        std::filesystem::remove_all(dir);
        std::raise(SIGBUS); // sent, not a fault: raised again with the default action
        std::_Exit(0);
      },
      killedBySigbus, "");
}

TEST_F(MappedTruncationTest, ASigbusOutsideAGuardedReadReachesTheHandlerBeforeOurs) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::filesystem::path path = writeCifarTest(100);
  EXPECT_EXIT(
      {
        std::signal(SIGBUS, [](int) { std::_Exit(42); });
        readUnguardedPastTheEnd(path, dir);
      },
      ::testing::ExitedWithCode(42), "");
}

} // namespace
