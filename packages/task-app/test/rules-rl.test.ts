/**
 * The RL cross-section rules (rl_*), one row per rule and per branch: the rows
 * live in test/helpers/rules-rows-rl-*.ts, where the coverage check of
 * test/rules-core.test.ts sees them too.
 */
import { RL_MODEL_ROWS } from "./helpers/rules-rows-rl-model.js";
import { RL_TRAINING_ROWS } from "./helpers/rules-rows-rl-training.js";
import { describeRuleRows } from "./helpers/rules-table.js";

describeRuleRows({ ...RL_MODEL_ROWS, ...RL_TRAINING_ROWS });
