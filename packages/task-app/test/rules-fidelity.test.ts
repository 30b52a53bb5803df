/**
 * Rules that follow synth-ai's own validators (rows in
 * test/helpers/rules-rows-fidelity.ts, each naming the behaviour it follows).
 */
import { FIDELITY_ROWS } from "./helpers/rules-rows-fidelity.js";
import { describeRuleRows } from "./helpers/rules-table.js";

describeRuleRows(FIDELITY_ROWS);
