/**
 * The rules about settings that cannot work where the job runs (a loopback
 * task_url, vision off on a vision model): rows in test/helpers/rules-rows-reach.ts,
 * where the coverage check of test/rules-core.test.ts sees them too.
 */
import { REACH_ROWS } from "./helpers/rules-rows-reach.js";
import { describeRuleRows } from "./helpers/rules-table.js";

describeRuleRows(REACH_ROWS);
