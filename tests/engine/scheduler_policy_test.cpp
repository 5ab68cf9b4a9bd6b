// tests/engine/scheduler_policy_test.cpp — the Scheduler's rules driven directly, with no threads
// and a fake clock: priority then submission order, the CRITICAL lane, ready slots counted per
// priority, memory admission in priority order, a prover holding off for CRITICAL work, and parked
// jobs coming back on an SRS release or after their retry time. (scheduler_test.cpp keeps one test
// of each rule through the real engine's threads.)
#include "engine/scheduler.hpp"

#include <gtest/gtest.h>

namespace cuzk::engine {
namespace {

using namespace std::chrono_literals;
using Kind = SynthesisStep::Kind;

class SchedulerPolicy : public ::testing::Test {
protected:
  // a job of `partitions` partitions of `bytes` each, planned (its partitions can be queued)
  std::shared_ptr<Job> MakeJob(Priority priority, size_t partitions = 1, uint64_t bytes = 10) {
    auto job = std::make_shared<Job>();
    job->id = "job-" + std::to_string(next_seq_);
    job->seq = next_seq_++;
    job->priority = priority;
    job->state = JobState::kRunning;
    job->partitions.resize(partitions);
    job->partition_bytes.assign(partitions, bytes);
    job->num_partitions = partitions;
    return job;
  }
  static ReadyPartition Ready(const std::shared_ptr<Job> &job, uint32_t index = 0) {
    return ReadyPartition{job, index, nullptr, MemoryReservation{}, false, {}};
  }

  Clock::time_point now_ = Clock::time_point{} + 1h; // the fake clock
  uint64_t next_seq_ = 1;
};

TEST_F(SchedulerPolicy, PlanningStepsGoByPriorityThenSubmission) {
  MemoryBudget working(0);
  Scheduler s({2, false}, working);
  auto normal = MakeJob(Priority::NORMAL), low = MakeJob(Priority::LOW), normal2 = MakeJob(Priority::NORMAL),
       critical = MakeJob(Priority::CRITICAL);
  EXPECT_EQ(s.QueueJob(normal), 0u);
  EXPECT_EQ(s.QueueJob(low), 1u);
  EXPECT_EQ(s.QueueJob(normal2), 1u); // behind the first NORMAL; the LOW one is served later
  EXPECT_EQ(s.QueueJob(critical), 0u);
  for (const auto &expected : {critical, normal, normal2, low}) {
    SynthesisStep step = s.NextSynthesis(false, now_, 0);
    ASSERT_EQ(step.kind, Kind::kPlan);
    EXPECT_EQ(step.job, expected);
  }
  EXPECT_EQ(s.NextSynthesis(false, now_, 0).kind, Kind::kIdle);
}

TEST_F(SchedulerPolicy, ACriticalJobsPartitionsPrecedeQueuedNormalPartitions) {
  MemoryBudget working(0);
  Scheduler s({8, false}, working);
  auto normal = MakeJob(Priority::NORMAL, 3), critical = MakeJob(Priority::CRITICAL, 1);
  s.QueuePartitions(normal);
  s.QueuePartitions(critical);
  SynthesisStep first = s.NextSynthesis(false, now_, 0);
  ASSERT_EQ(first.kind, Kind::kSynthesize);
  EXPECT_EQ(first.job, critical);
  for (uint32_t i = 0; i < 3; i++) {
    SynthesisStep step = s.NextSynthesis(false, now_, 0);
    ASSERT_EQ(step.kind, Kind::kSynthesize);
    EXPECT_EQ(step.job, normal);
    EXPECT_EQ(step.index, i);
  }
  EXPECT_EQ(normal->partitions_in_flight, 3u);
}

TEST_F(SchedulerPolicy, TheCriticalLaneTakesCriticalWorkOnlyAndTheOthersLeaveItToTheLane) {
  MemoryBudget working(0);
  Scheduler s({2, true}, working);
  auto normal = MakeJob(Priority::NORMAL);
  s.QueueJob(normal);
  EXPECT_EQ(s.NextSynthesis(true, now_, 0).kind, Kind::kIdle) << "the lane took NORMAL work";
  auto c1 = MakeJob(Priority::CRITICAL), c2 = MakeJob(Priority::CRITICAL);
  s.QueueJob(c1);
  s.QueueJob(c2);
  EXPECT_EQ(s.NextSynthesis(false, now_, 0).kind, Kind::kIdle)
      << "an ordinary worker took CRITICAL work from a free lane";
  SynthesisStep lane = s.NextSynthesis(true, now_, 0);
  ASSERT_EQ(lane.kind, Kind::kPlan);
  EXPECT_EQ(lane.job, c1);
  EXPECT_TRUE(lane.lane_took_work);
  // the lane is busy planning c1: the ordinary worker serves the next CRITICAL job itself
  SynthesisStep other = s.NextSynthesis(false, now_, 0);
  ASSERT_EQ(other.kind, Kind::kPlan);
  EXPECT_EQ(other.job, c2);
  EXPECT_FALSE(other.lane_took_work);
  s.PlanDone(true); // c1's partitions are queued: they are the lane's again
  s.QueuePartitions(c1);
  EXPECT_EQ(s.NextSynthesis(false, now_, 0).kind, Kind::kIdle);
  EXPECT_EQ(s.NextSynthesis(true, now_, 0).kind, Kind::kSynthesize);
  EXPECT_EQ(s.NextSynthesis(false, now_, 0).job, normal);
}

TEST_F(SchedulerPolicy, ReadySlotsAreCountedPerPriority) {
  MemoryBudget working(0);
  Scheduler s({1, false}, working);
  auto normal = MakeJob(Priority::NORMAL, 2);
  s.QueuePartitions(normal);
  SynthesisStep first = s.NextSynthesis(false, now_, 0);
  ASSERT_EQ(first.kind, Kind::kSynthesize);
  EXPECT_EQ(s.NextSynthesis(false, now_, 0).kind, Kind::kWait) << "two NORMAL partitions in a queue of one";
  EXPECT_FALSE(s.ReadySlotFree(Priority::NORMAL));
  EXPECT_TRUE(s.ReadySlotFree(Priority::HIGH)) << "lower-priority work took a HIGH partition's slot";
  auto high = MakeJob(Priority::HIGH);
  s.QueuePartitions(high);
  SynthesisStep h = s.NextSynthesis(false, now_, 0);
  ASSERT_EQ(h.kind, Kind::kSynthesize);
  EXPECT_EQ(h.job, high);
  // the NORMAL partition is synthesised and waits for a prover: it still holds its slot
  s.SynthesisDone(Priority::NORMAL);
  s.PushReady(Ready(normal, 0));
  EXPECT_FALSE(s.ReadySlotFree(Priority::NORMAL));
  ASSERT_TRUE(s.TakeReady(0));
  EXPECT_FALSE(s.ReadySlotFree(Priority::NORMAL)) << "the HIGH partition being synthesised holds it";
  s.SynthesisDone(Priority::HIGH); // (its synthesis failed: nothing goes to the provers)
  EXPECT_TRUE(s.ReadySlotFree(Priority::NORMAL));
  EXPECT_EQ(s.NextSynthesis(false, now_, 0).kind, Kind::kSynthesize);
}

TEST_F(SchedulerPolicy, MemoryGoesToTheMostUrgentPartitionFirst) {
  MemoryBudget working(100);
  Scheduler s({8, false}, working);
  auto big = MakeJob(Priority::HIGH, 2, 60), small = MakeJob(Priority::LOW, 1, 10),
       huge = MakeJob(Priority::LOW, 1, 200);
  s.QueuePartitions(big);
  s.QueuePartitions(small);
  SynthesisStep first = s.NextSynthesis(false, now_, 0);
  ASSERT_EQ(first.kind, Kind::kSynthesize);
  EXPECT_EQ(working.Used(), 60u);
  // the second HIGH partition does not fit; the LOW one would, but may not overtake it
  EXPECT_EQ(s.NextSynthesis(false, now_, 0).kind, Kind::kWait);
  EXPECT_EQ(working.Used(), 60u);
  first.reservation.Release();
  SynthesisStep second = s.NextSynthesis(false, now_, 0);
  ASSERT_EQ(second.kind, Kind::kSynthesize);
  EXPECT_EQ(second.job, big);
  EXPECT_EQ(s.NextSynthesis(false, now_, 0).job, small);
  s.QueuePartitions(huge);
  SynthesisStep never = s.NextSynthesis(false, now_, 0);
  EXPECT_EQ(never.kind, Kind::kTooLarge);
  EXPECT_EQ(never.job, huge);
  EXPECT_EQ(never.bytes, 200u);
}

TEST_F(SchedulerPolicy, AProverHoldsOffNormalWorkWhileACriticalPartitionIsSynthesised) {
  MemoryBudget working(100);
  Scheduler s({2, false}, working);
  auto normal = MakeJob(Priority::NORMAL), critical = MakeJob(Priority::CRITICAL);
  s.PushReady(Ready(normal));
  s.ProverIdle();
  EXPECT_TRUE(s.ProverMayTakeTop(0)) << "nothing CRITICAL around";
  s.QueuePartitions(critical);
  // it heads the queue and fits: a worker is about to start it, so it counts as started
  EXPECT_FALSE(s.ProverMayTakeTop(0));
  ASSERT_EQ(s.NextSynthesis(false, now_, 0).kind, Kind::kSynthesize);
  EXPECT_EQ(s.CriticalSynthesizing(), 1u);
  EXPECT_FALSE(s.ProverMayTakeTop(0));
  s.ProverIdle(); // a second idle prover covers the CRITICAL partition: the first goes on
  EXPECT_TRUE(s.ProverMayTakeTop(0));
  s.ProverBusy();
  s.SynthesisDone(Priority::CRITICAL);
  s.PushReady(Ready(critical));
  EXPECT_TRUE(s.ProverMayTakeTop(0)) << "a CRITICAL top always goes";
  auto taken = s.TakeReady(0);
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->job, critical);
}

TEST_F(SchedulerPolicy, ParkedJobsReturnOnAnSrsReleaseOrAfterTheirRetryTime) {
  MemoryBudget working(0);
  Scheduler s({2, false, 1000ms}, working);
  auto job = MakeJob(Priority::NORMAL);
  s.Park(job, now_, 5);
  EXPECT_TRUE(job->parked);
  EXPECT_EQ(s.NextSynthesis(false, now_ + 999ms, 5).kind, Kind::kIdle);
  EXPECT_TRUE(s.HasParked());
  SynthesisStep released = s.NextSynthesis(false, now_ + 10ms, 6);
  ASSERT_EQ(released.kind, Kind::kPlan) << "an SRS release brings it back";
  EXPECT_EQ(released.job, job);
  EXPECT_FALSE(job->parked);

  s.Park(job, now_, 6);
  EXPECT_EQ(s.NextSynthesis(false, now_ + 500ms, 6).kind, Kind::kIdle);
  EXPECT_EQ(s.NextSynthesis(false, now_ + 1000ms, 6).kind, Kind::kPlan) << "the retry time brings it back";

  // a job that ends while parked is dropped, not requeued
  s.Park(job, now_, 7);
  EXPECT_TRUE(s.RemoveJob(*job).empty());
  EXPECT_FALSE(s.HasParked());
  EXPECT_EQ(s.NextSynthesis(false, now_ + 1h, 8).kind, Kind::kIdle);
}

TEST_F(SchedulerPolicy, APartitionThatFailedOnADeviceGoesToAnother) {
  MemoryBudget working(0);
  Scheduler s({8, false}, working);
  auto a = MakeJob(Priority::NORMAL, 2);
  ReadyPartition first = Ready(a, 0);
  first.failed_on = {0};
  s.Retry(std::move(first));
  s.PushReady(Ready(a, 1));
  s.ProverIdle();
  // device 0 skips the partition that failed on it and takes the next one
  ASSERT_TRUE(s.ProverMayTakeTop(0));
  auto on0 = s.TakeReady(0);
  ASSERT_TRUE(on0);
  EXPECT_EQ(on0->index, 1u);
  EXPECT_FALSE(s.ProverMayTakeTop(0)) << "device 0 took back the partition that failed on it";
  ASSERT_TRUE(s.ProverMayTakeTop(1));
  auto on1 = s.TakeReady(1);
  ASSERT_TRUE(on1);
  EXPECT_EQ(on1->index, 0u);
}

TEST_F(SchedulerPolicy, RemovingAJobTakesItsQueuedAndReadyWork) {
  MemoryBudget working(0);
  Scheduler s({8, false}, working);
  auto a = MakeJob(Priority::NORMAL, 3), b = MakeJob(Priority::NORMAL, 1);
  s.QueuePartitions(a);
  s.QueuePartitions(b);
  ASSERT_EQ(s.NextSynthesis(false, now_, 0).job, a);
  s.SynthesisDone(Priority::NORMAL);
  s.PushReady(Ready(a, 0));
  EXPECT_EQ(s.RemoveJob(*a).size(), 1u);
  EXPECT_EQ(s.ReadyCount(), 0u);
  SynthesisStep next = s.NextSynthesis(false, now_, 0);
  ASSERT_EQ(next.kind, Kind::kSynthesize);
  EXPECT_EQ(next.job, b);
}

} // namespace
} // namespace cuzk::engine
