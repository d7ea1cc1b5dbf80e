import { useStatuses } from '../../../lib/pipeline/get-statuses.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useJobBoards } from '../../../lib/job-boards/get-job-boards.ts';
import { useAssessmentTests } from '../api/get-assessment-tests.ts';
import type { FilterOption } from '../components/multi-select-filter.tsx';

/** The choices both filter panels offer: the pipeline's statuses, the job boards and the assessment tests. */
export function useChoiceOptions(): { statuses: FilterOption[]; jobBoards: FilterOption[]; tests: FilterOption[] } {
  const labels = usePipelineLabels();
  const statuses = useStatuses();
  const jobBoards = useJobBoards();
  const tests = useAssessmentTests();
  return {
    statuses: (statuses.data ?? []).map((s) => ({ value: String(s.id), label: labels.statusLabel(s) })),
    jobBoards: (jobBoards.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    tests: (tests.data ?? []).map((test) => ({ value: String(test.id), label: test.name })),
  };
}
