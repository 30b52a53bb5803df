/**
 * The rules about images, thinking modes and Instruct models, one row per
 * rule and per branch: the rows live in test/helpers/rules-rows-vision-thinking.ts,
 * where the coverage check of test/rules-core.test.ts sees them too.
 */
import { VISION_THINKING_ROWS } from "./helpers/rules-rows-vision-thinking.js";
import { describeRuleRows } from "./helpers/rules-table.js";

describeRuleRows(VISION_THINKING_ROWS);
