/**
 * Validators of the POST /rollout request and response and of a rollout's traced session, generated
 * by `task-app generate` with ajv's standalone code from the Zod schemas in src/schemas/rollout.ts
 * and src/schemas/session-trace.ts. Do not edit.
 * Each fills defaults and drops unknown keys in place, as Zod's parse would in a copy.
 */
"use strict";
export const validateRolloutRequest = validate10;
const schema11 = {"type":"object","properties":{"run_id":{"type":"string"},"env":{"$ref":"#/definitions/RolloutEnvSpec"},"policy":{"$ref":"#/definitions/RolloutPolicySpec"},"ops":{"default":[],"anyOf":[{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},{"type":"array","items":{"type":"string"}}]},"record":{"default":{},"allOf":[{"$ref":"#/definitions/RolloutRecordConfig"}]},"on_done":{"default":"reset","type":"string"},"safety":{"default":{},"allOf":[{"$ref":"#/definitions/RolloutSafetyConfig"}]},"training_session_id":{"type":["string","null"]},"synth_base_url":{"type":["string","null"]},"mode":{"default":"rl","type":"string","enum":["rl","eval"]}},"required":["run_id","env","policy"],"additionalProperties":false,"plainObject":true,"definitions":{"RolloutRequest":{"type":"object","properties":{"run_id":{"type":"string"},"env":{"$ref":"#/definitions/RolloutEnvSpec"},"policy":{"$ref":"#/definitions/RolloutPolicySpec"},"ops":{"default":[],"anyOf":[{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},{"type":"array","items":{"type":"string"}}]},"record":{"default":{},"allOf":[{"$ref":"#/definitions/RolloutRecordConfig"}]},"on_done":{"default":"reset","type":"string"},"safety":{"default":{},"allOf":[{"$ref":"#/definitions/RolloutSafetyConfig"}]},"training_session_id":{"type":["string","null"]},"synth_base_url":{"type":["string","null"]},"mode":{"default":"rl","type":"string","enum":["rl","eval"]}},"required":["run_id","env","policy"],"additionalProperties":false,"plainObject":true},"RolloutEnvSpec":{"type":"object","properties":{"env_id":{"type":["string","null"]},"env_name":{"type":["string","null"]},"config":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true},"seed":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false,"plainObject":true},"RolloutPolicySpec":{"type":"object","properties":{"policy_id":{"type":["string","null"]},"policy_name":{"type":["string","null"]},"config":{"default":{},"allOf":[{"$ref":"#/definitions/PolicyConfig"}]},"output_mode":{"type":"string","enum":["tool_calls","text","structured"]},"structured_config":{"type":"object","properties":{"schema":{"type":"object","additionalProperties":{},"plainRecord":true},"schema_name":{"default":"response","type":"string"},"strict":{"default":true,"type":"boolean"}},"required":["schema"],"additionalProperties":false,"plainObject":true}},"additionalProperties":false,"plainObject":true},"PolicyConfig":{"type":"object","properties":{"inference_url":{"type":"string","minLength":1},"model":{"type":"string","minLength":1},"provider":{"type":"string","minLength":1},"temperature":{"type":"number","minimum":0,"finite":true},"top_p":{"type":"number","exclusiveMinimum":0,"maximum":1,"finite":true},"max_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_completion_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_llm_calls":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"use_tools":{"type":"boolean"},"use_vision":{"type":"boolean"},"image_only_mode":{"type":"boolean"},"max_images_per_step":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"thinking_mode":{"type":"string","enum":["think","no_think"]},"thinking_budget":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true}},"additionalProperties":{},"plainObject":true},"RolloutRecordConfig":{"type":"object","properties":{"trajectories":{"default":true,"type":"boolean"},"logprobs":{"default":false,"type":"boolean"},"value":{"default":false,"type":"boolean"},"return_trace":{"default":false,"type":"boolean"},"trace_format":{"default":"compact","type":"string","enum":["compact","full","structured"]}},"additionalProperties":false,"plainObject":true},"RolloutSafetyConfig":{"type":"object","properties":{"max_ops":{"default":100000,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"max_time_s":{"default":3600,"type":"number","exclusiveMinimum":0,"finite":true}},"additionalProperties":false,"plainObject":true}}};
const schema12 = {"type":"object","properties":{"env_id":{"type":["string","null"]},"env_name":{"type":["string","null"]},"config":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true},"seed":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false,"plainObject":true};
const schema15 = {"type":"object","properties":{"trajectories":{"default":true,"type":"boolean"},"logprobs":{"default":false,"type":"boolean"},"value":{"default":false,"type":"boolean"},"return_trace":{"default":false,"type":"boolean"},"trace_format":{"default":"compact","type":"string","enum":["compact","full","structured"]}},"additionalProperties":false,"plainObject":true};
const schema16 = {"type":"object","properties":{"max_ops":{"default":100000,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"max_time_s":{"default":3600,"type":"number","exclusiveMinimum":0,"finite":true}},"additionalProperties":false,"plainObject":true};
const func2 = Object.prototype.hasOwnProperty;
const schema13 = {"type":"object","properties":{"policy_id":{"type":["string","null"]},"policy_name":{"type":["string","null"]},"config":{"default":{},"allOf":[{"$ref":"#/definitions/PolicyConfig"}]},"output_mode":{"type":"string","enum":["tool_calls","text","structured"]},"structured_config":{"type":"object","properties":{"schema":{"type":"object","additionalProperties":{},"plainRecord":true},"schema_name":{"default":"response","type":"string"},"strict":{"default":true,"type":"boolean"}},"required":["schema"],"additionalProperties":false,"plainObject":true}},"additionalProperties":false,"plainObject":true};
const schema14 = {"type":"object","properties":{"inference_url":{"type":"string","minLength":1},"model":{"type":"string","minLength":1},"provider":{"type":"string","minLength":1},"temperature":{"type":"number","minimum":0,"finite":true},"top_p":{"type":"number","exclusiveMinimum":0,"maximum":1,"finite":true},"max_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_completion_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_llm_calls":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"use_tools":{"type":"boolean"},"use_vision":{"type":"boolean"},"image_only_mode":{"type":"boolean"},"max_images_per_step":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"thinking_mode":{"type":"string","enum":["think","no_think"]},"thinking_budget":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true}},"additionalProperties":{},"plainObject":true};
const func3 = (s) => s.length;

function validate11(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.config === undefined){
data.config = {};
}
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "policy_id") || (key0 === "policy_name")) || (key0 === "config")) || (key0 === "output_mode")) || (key0 === "structured_config"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.policy_id !== undefined){
let data0 = data.policy_id;
const _errs2 = errors;
if((typeof data0 !== "string") && (data0 !== null)){
validate11.errors = [{instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: schema13.properties.policy_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy_name !== undefined){
let data1 = data.policy_name;
const _errs4 = errors;
if((typeof data1 !== "string") && (data1 !== null)){
validate11.errors = [{instancePath:instancePath+"/policy_name",schemaPath:"#/properties/policy_name/type",keyword:"type",params:{type: schema13.properties.policy_name.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data2 = data.config;
const _errs6 = errors;
const _errs8 = errors;
if(errors === _errs8){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.inference_url !== undefined){
let data3 = data2.inference_url;
const _errs11 = errors;
if(errors === _errs11){
if(typeof data3 === "string"){
if(func3(data3) < 1){
validate11.errors = [{instancePath:instancePath+"/config/inference_url",schemaPath:"#/definitions/PolicyConfig/properties/inference_url/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate11.errors = [{instancePath:instancePath+"/config/inference_url",schemaPath:"#/definitions/PolicyConfig/properties/inference_url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs11 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.model !== undefined){
let data4 = data2.model;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data4 === "string"){
if(func3(data4) < 1){
validate11.errors = [{instancePath:instancePath+"/config/model",schemaPath:"#/definitions/PolicyConfig/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate11.errors = [{instancePath:instancePath+"/config/model",schemaPath:"#/definitions/PolicyConfig/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs13 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.provider !== undefined){
let data5 = data2.provider;
const _errs15 = errors;
if(errors === _errs15){
if(typeof data5 === "string"){
if(func3(data5) < 1){
validate11.errors = [{instancePath:instancePath+"/config/provider",schemaPath:"#/definitions/PolicyConfig/properties/provider/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate11.errors = [{instancePath:instancePath+"/config/provider",schemaPath:"#/definitions/PolicyConfig/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs15 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.temperature !== undefined){
let data6 = data2.temperature;
const _errs17 = errors;
if(errors === _errs17){
if(typeof data6 == "number"){
if(data6 < 0 || isNaN(data6)){
validate11.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data6)){
validate11.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
else {
validate11.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid3 = _errs17 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.top_p !== undefined){
let data7 = data2.top_p;
const _errs19 = errors;
if(errors === _errs19){
if(typeof data7 == "number"){
if(data7 > 1 || isNaN(data7)){
validate11.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data7 <= 0 || isNaN(data7)){
validate11.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data7)){
validate11.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
else {
validate11.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid3 = _errs19 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_tokens !== undefined){
let data8 = data2.max_tokens;
const _errs21 = errors;
if(!((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8)))){
validate11.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs21){
if(typeof data8 == "number"){
if(data8 > 9007199254740991 || isNaN(data8)){
validate11.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data8 <= 0 || isNaN(data8)){
validate11.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data8)){
validate11.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs21 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_completion_tokens !== undefined){
let data9 = data2.max_completion_tokens;
const _errs23 = errors;
if(!((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9)))){
validate11.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs23){
if(typeof data9 == "number"){
if(data9 > 9007199254740991 || isNaN(data9)){
validate11.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data9 <= 0 || isNaN(data9)){
validate11.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data9)){
validate11.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs23 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_llm_calls !== undefined){
let data10 = data2.max_llm_calls;
const _errs25 = errors;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
validate11.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs25){
if(typeof data10 == "number"){
if(data10 > 9007199254740991 || isNaN(data10)){
validate11.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 <= 0 || isNaN(data10)){
validate11.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data10)){
validate11.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs25 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.use_tools !== undefined){
const _errs27 = errors;
if(typeof data2.use_tools !== "boolean"){
validate11.errors = [{instancePath:instancePath+"/config/use_tools",schemaPath:"#/definitions/PolicyConfig/properties/use_tools/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs27 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.use_vision !== undefined){
const _errs29 = errors;
if(typeof data2.use_vision !== "boolean"){
validate11.errors = [{instancePath:instancePath+"/config/use_vision",schemaPath:"#/definitions/PolicyConfig/properties/use_vision/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs29 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.image_only_mode !== undefined){
const _errs31 = errors;
if(typeof data2.image_only_mode !== "boolean"){
validate11.errors = [{instancePath:instancePath+"/config/image_only_mode",schemaPath:"#/definitions/PolicyConfig/properties/image_only_mode/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs31 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_images_per_step !== undefined){
let data14 = data2.max_images_per_step;
const _errs33 = errors;
if(!((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14)))){
validate11.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs33){
if(typeof data14 == "number"){
if(data14 > 9007199254740991 || isNaN(data14)){
validate11.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data14 <= 0 || isNaN(data14)){
validate11.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data14)){
validate11.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs33 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.thinking_mode !== undefined){
let data15 = data2.thinking_mode;
const _errs35 = errors;
if(typeof data15 !== "string"){
validate11.errors = [{instancePath:instancePath+"/config/thinking_mode",schemaPath:"#/definitions/PolicyConfig/properties/thinking_mode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((data15 === "think") || (data15 === "no_think"))){
validate11.errors = [{instancePath:instancePath+"/config/thinking_mode",schemaPath:"#/definitions/PolicyConfig/properties/thinking_mode/enum",keyword:"enum",params:{allowedValues: schema14.properties.thinking_mode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid3 = _errs35 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.thinking_budget !== undefined){
let data16 = data2.thinking_budget;
const _errs37 = errors;
if(!((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16)))){
validate11.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs37){
if(typeof data16 == "number"){
if(data16 > 9007199254740991 || isNaN(data16)){
validate11.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data16 <= 0 || isNaN(data16)){
validate11.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data16)){
validate11.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs37 === errors;
}
else {
var valid3 = true;
}
if(valid3){
const proto0 = Object.getPrototypeOf(data2);
if(proto0 !== Object.prototype && proto0 !== null){
validate11.errors = [{instancePath:instancePath+"/config",schemaPath:"#/definitions/PolicyConfig/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate11.errors = [{instancePath:instancePath+"/config",schemaPath:"#/definitions/PolicyConfig/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs6 === errors;
if(valid0){
if(data.output_mode !== undefined){
let data17 = data.output_mode;
const _errs39 = errors;
if(typeof data17 !== "string"){
validate11.errors = [{instancePath:instancePath+"/output_mode",schemaPath:"#/properties/output_mode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data17 === "tool_calls") || (data17 === "text")) || (data17 === "structured"))){
validate11.errors = [{instancePath:instancePath+"/output_mode",schemaPath:"#/properties/output_mode/enum",keyword:"enum",params:{allowedValues: schema13.properties.output_mode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs39 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.structured_config !== undefined){
let data18 = data.structured_config;
const _errs41 = errors;
if(errors === _errs41){
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.schema_name === undefined){
data18.schema_name = "response";
}
if(data18.strict === undefined){
data18.strict = true;
}
let missing0;
if((data18.schema === undefined) && (missing0 = "schema")){
validate11.errors = [{instancePath:instancePath+"/structured_config",schemaPath:"#/properties/structured_config/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs43 = errors;
for(const key1 in data18){
if(!(((key1 === "schema") || (key1 === "schema_name")) || (key1 === "strict"))){
delete data18[key1];
}
}
if(_errs43 === errors){
if(data18.schema !== undefined){
let data19 = data18.schema;
const _errs44 = errors;
if(errors === _errs44){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
const ctor0 = data19.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data19).length > 0){
validate11.errors = [{instancePath:instancePath+"/structured_config/schema",schemaPath:"#/properties/structured_config/properties/schema/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate11.errors = [{instancePath:instancePath+"/structured_config/schema",schemaPath:"#/properties/structured_config/properties/schema/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs44 === errors;
}
else {
var valid4 = true;
}
if(valid4){
const _errs47 = errors;
if(typeof data18.schema_name !== "string"){
validate11.errors = [{instancePath:instancePath+"/structured_config/schema_name",schemaPath:"#/properties/structured_config/properties/schema_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid4 = _errs47 === errors;
if(valid4){
const _errs49 = errors;
if(typeof data18.strict !== "boolean"){
validate11.errors = [{instancePath:instancePath+"/structured_config/strict",schemaPath:"#/properties/structured_config/properties/strict/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid4 = _errs49 === errors;
if(valid4){
const proto1 = Object.getPrototypeOf(data18);
if(proto1 !== Object.prototype && proto1 !== null){
validate11.errors = [{instancePath:instancePath+"/structured_config",schemaPath:"#/properties/structured_config/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
else {
validate11.errors = [{instancePath:instancePath+"/structured_config",schemaPath:"#/properties/structured_config/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs41 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto2 = Object.getPrototypeOf(data);
if(proto2 !== Object.prototype && proto2 !== null){
validate11.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
else {
validate11.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate11.errors = vErrors;
return errors === 0;
}


function validate10(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.ops === undefined){
data.ops = [];
}
if(data.record === undefined){
data.record = {};
}
if(data.on_done === undefined){
data.on_done = "reset";
}
if(data.safety === undefined){
data.safety = {};
}
if(data.mode === undefined){
data.mode = "rl";
}
let missing0;
if((((data.run_id === undefined) && (missing0 = "run_id")) || ((data.env === undefined) && (missing0 = "env"))) || ((data.policy === undefined) && (missing0 = "policy"))){
validate10.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((key0 === "run_id" || key0 === "env" || key0 === "policy" || key0 === "ops" || key0 === "record" || key0 === "on_done" || key0 === "safety" || key0 === "training_session_id" || key0 === "synth_base_url" || key0 === "mode"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.run_id !== undefined){
const _errs2 = errors;
if(typeof data.run_id !== "string"){
validate10.errors = [{instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.env !== undefined){
let data1 = data.env;
const _errs4 = errors;
const _errs5 = errors;
if(errors === _errs5){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.config === undefined){
data1.config = {};
}
const _errs7 = errors;
for(const key1 in data1){
if(!((((key1 === "env_id") || (key1 === "env_name")) || (key1 === "config")) || (key1 === "seed"))){
delete data1[key1];
}
}
if(_errs7 === errors){
if(data1.env_id !== undefined){
let data2 = data1.env_id;
const _errs8 = errors;
if((typeof data2 !== "string") && (data2 !== null)){
validate10.errors = [{instancePath:instancePath+"/env/env_id",schemaPath:"#/definitions/RolloutEnvSpec/properties/env_id/type",keyword:"type",params:{type: schema12.properties.env_id.type},message:"must be string,null"}];
return false;
}
var valid2 = _errs8 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.env_name !== undefined){
let data3 = data1.env_name;
const _errs10 = errors;
if((typeof data3 !== "string") && (data3 !== null)){
validate10.errors = [{instancePath:instancePath+"/env/env_name",schemaPath:"#/definitions/RolloutEnvSpec/properties/env_name/type",keyword:"type",params:{type: schema12.properties.env_name.type},message:"must be string,null"}];
return false;
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
let data4 = data1.config;
const _errs12 = errors;
if(errors === _errs12){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
const ctor0 = data4.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data4).length > 0){
validate10.errors = [{instancePath:instancePath+"/env/config",schemaPath:"#/definitions/RolloutEnvSpec/properties/config/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/env/config",schemaPath:"#/definitions/RolloutEnvSpec/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid2 = _errs12 === errors;
if(valid2){
if(data1.seed !== undefined){
let data5 = data1.seed;
const _errs15 = errors;
const _errs16 = errors;
let valid3 = true;
const _errs17 = errors;
var _valid0 = data5 === null;
errors = _errs16;
if(vErrors !== null){
if(_errs16){
vErrors.length = _errs16;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs19 = errors;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
validate10.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs19){
if(typeof data5 == "number"){
if(data5 > 9007199254740991 || isNaN(data5)){
validate10.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data5 < -9007199254740991 || isNaN(data5)){
validate10.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data5)){
validate10.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs19 === errors;
valid3 = _valid0;
}
if(!valid3){
const err1 = {instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate10.errors = vErrors;
return false;
}
var valid2 = _errs15 === errors;
}
else {
var valid2 = true;
}
if(valid2){
const proto0 = Object.getPrototypeOf(data1);
if(proto0 !== Object.prototype && proto0 !== null){
validate10.errors = [{instancePath:instancePath+"/env",schemaPath:"#/definitions/RolloutEnvSpec/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/env",schemaPath:"#/definitions/RolloutEnvSpec/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy !== undefined){
const _errs21 = errors;
if(!(validate11(data.policy, instancePath+"/policy", data, "policy", rootData))){
vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
errors = vErrors.length;
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data7 = data.ops;
const _errs22 = errors;
const _errs23 = errors;
let valid4 = false;
const _errs24 = errors;
if(errors === _errs24){
if(Array.isArray(data7)){
var valid5 = true;
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
let data8 = data7[i0];
const _errs26 = errors;
if(errors === _errs26){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
const ctor1 = data8.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data8).length > 0){
const err2 = {instancePath:instancePath+"/ops/" + i0,schemaPath:"#/properties/ops/anyOf/0/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/ops/" + i0,schemaPath:"#/properties/ops/anyOf/0/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var valid5 = _errs26 === errors;
if(!valid5){
break;
}
}
}
else {
const err4 = {instancePath:instancePath+"/ops",schemaPath:"#/properties/ops/anyOf/0/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid1 = _errs24 === errors;
valid4 = valid4 || _valid1;
if(!valid4){
const _errs29 = errors;
if(errors === _errs29){
if(Array.isArray(data7)){
var valid6 = true;
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
const _errs31 = errors;
if(typeof data7[i1] !== "string"){
const err5 = {instancePath:instancePath+"/ops/" + i1,schemaPath:"#/properties/ops/anyOf/1/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var valid6 = _errs31 === errors;
if(!valid6){
break;
}
}
}
else {
const err6 = {instancePath:instancePath+"/ops",schemaPath:"#/properties/ops/anyOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
var _valid1 = _errs29 === errors;
valid4 = valid4 || _valid1;
}
if(!valid4){
const err7 = {instancePath:instancePath+"/ops",schemaPath:"#/properties/ops/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs22 === errors;
if(valid0){
let data10 = data.record;
const _errs33 = errors;
const _errs35 = errors;
if(errors === _errs35){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.trajectories === undefined){
data10.trajectories = true;
}
if(data10.logprobs === undefined){
data10.logprobs = false;
}
if(data10.value === undefined){
data10.value = false;
}
if(data10.return_trace === undefined){
data10.return_trace = false;
}
if(data10.trace_format === undefined){
data10.trace_format = "compact";
}
const _errs37 = errors;
for(const key2 in data10){
if(!(((((key2 === "trajectories") || (key2 === "logprobs")) || (key2 === "value")) || (key2 === "return_trace")) || (key2 === "trace_format"))){
delete data10[key2];
}
}
if(_errs37 === errors){
const _errs38 = errors;
if(typeof data10.trajectories !== "boolean"){
validate10.errors = [{instancePath:instancePath+"/record/trajectories",schemaPath:"#/definitions/RolloutRecordConfig/properties/trajectories/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid9 = _errs38 === errors;
if(valid9){
const _errs40 = errors;
if(typeof data10.logprobs !== "boolean"){
validate10.errors = [{instancePath:instancePath+"/record/logprobs",schemaPath:"#/definitions/RolloutRecordConfig/properties/logprobs/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid9 = _errs40 === errors;
if(valid9){
const _errs42 = errors;
if(typeof data10.value !== "boolean"){
validate10.errors = [{instancePath:instancePath+"/record/value",schemaPath:"#/definitions/RolloutRecordConfig/properties/value/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid9 = _errs42 === errors;
if(valid9){
const _errs44 = errors;
if(typeof data10.return_trace !== "boolean"){
validate10.errors = [{instancePath:instancePath+"/record/return_trace",schemaPath:"#/definitions/RolloutRecordConfig/properties/return_trace/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid9 = _errs44 === errors;
if(valid9){
let data15 = data10.trace_format;
const _errs46 = errors;
if(typeof data15 !== "string"){
validate10.errors = [{instancePath:instancePath+"/record/trace_format",schemaPath:"#/definitions/RolloutRecordConfig/properties/trace_format/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data15 === "compact") || (data15 === "full")) || (data15 === "structured"))){
validate10.errors = [{instancePath:instancePath+"/record/trace_format",schemaPath:"#/definitions/RolloutRecordConfig/properties/trace_format/enum",keyword:"enum",params:{allowedValues: schema15.properties.trace_format.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid9 = _errs46 === errors;
if(valid9){
const proto1 = Object.getPrototypeOf(data10);
if(proto1 !== Object.prototype && proto1 !== null){
validate10.errors = [{instancePath:instancePath+"/record",schemaPath:"#/definitions/RolloutRecordConfig/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/record",schemaPath:"#/definitions/RolloutRecordConfig/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs33 === errors;
if(valid0){
const _errs48 = errors;
if(typeof data.on_done !== "string"){
validate10.errors = [{instancePath:instancePath+"/on_done",schemaPath:"#/properties/on_done/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs48 === errors;
if(valid0){
let data17 = data.safety;
const _errs50 = errors;
const _errs52 = errors;
if(errors === _errs52){
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.max_ops === undefined){
data17.max_ops = 100000;
}
if(data17.max_time_s === undefined){
data17.max_time_s = 3600;
}
const _errs54 = errors;
for(const key3 in data17){
if(!((key3 === "max_ops") || (key3 === "max_time_s"))){
delete data17[key3];
}
}
if(_errs54 === errors){
let data18 = data17.max_ops;
const _errs55 = errors;
if(!((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18)))){
validate10.errors = [{instancePath:instancePath+"/safety/max_ops",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_ops/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs55){
if(typeof data18 == "number"){
if(data18 > 9007199254740991 || isNaN(data18)){
validate10.errors = [{instancePath:instancePath+"/safety/max_ops",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_ops/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data18 < 0 || isNaN(data18)){
validate10.errors = [{instancePath:instancePath+"/safety/max_ops",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_ops/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data18)){
validate10.errors = [{instancePath:instancePath+"/safety/max_ops",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_ops/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid12 = _errs55 === errors;
if(valid12){
let data19 = data17.max_time_s;
const _errs57 = errors;
if(errors === _errs57){
if(typeof data19 == "number"){
if(data19 <= 0 || isNaN(data19)){
validate10.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_time_s/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data19)){
validate10.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_time_s/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_time_s/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid12 = _errs57 === errors;
if(valid12){
const proto2 = Object.getPrototypeOf(data17);
if(proto2 !== Object.prototype && proto2 !== null){
validate10.errors = [{instancePath:instancePath+"/safety",schemaPath:"#/definitions/RolloutSafetyConfig/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/safety",schemaPath:"#/definitions/RolloutSafetyConfig/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs50 === errors;
if(valid0){
if(data.training_session_id !== undefined){
let data20 = data.training_session_id;
const _errs59 = errors;
if((typeof data20 !== "string") && (data20 !== null)){
validate10.errors = [{instancePath:instancePath+"/training_session_id",schemaPath:"#/properties/training_session_id/type",keyword:"type",params:{type: schema11.properties.training_session_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs59 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.synth_base_url !== undefined){
let data21 = data.synth_base_url;
const _errs61 = errors;
if((typeof data21 !== "string") && (data21 !== null)){
validate10.errors = [{instancePath:instancePath+"/synth_base_url",schemaPath:"#/properties/synth_base_url/type",keyword:"type",params:{type: schema11.properties.synth_base_url.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs61 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data22 = data.mode;
const _errs63 = errors;
if(typeof data22 !== "string"){
validate10.errors = [{instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((data22 === "rl") || (data22 === "eval"))){
validate10.errors = [{instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/enum",keyword:"enum",params:{allowedValues: schema11.properties.mode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs63 === errors;
if(valid0){
const proto3 = Object.getPrototypeOf(data);
if(proto3 !== Object.prototype && proto3 !== null){
validate10.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate10.errors = vErrors;
return errors === 0;
}

export const validateRolloutResponse = validate13;
const schema17 = {"type":"object","properties":{"run_id":{"type":"string"},"trajectories":{"default":[],"type":"array","items":{"$ref":"#/definitions/RolloutTrajectory"}},"branches":{"default":{},"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}},"plainRecord":true},"metrics":{"$ref":"#/definitions/RolloutMetrics"},"aborted":{"default":false,"type":"boolean"},"ops_executed":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"trace":{"if":{"type":"null"},"else":{"$ref":"#/definitions/Trace"}},"trace_correlation_id":{"type":["string","null"]},"pipeline_metadata":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true}},"required":["run_id","metrics"],"additionalProperties":false,"plainObject":true,"definitions":{"RolloutResponse":{"type":"object","properties":{"run_id":{"type":"string"},"trajectories":{"default":[],"type":"array","items":{"$ref":"#/definitions/RolloutTrajectory"}},"branches":{"default":{},"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}},"plainRecord":true},"metrics":{"$ref":"#/definitions/RolloutMetrics"},"aborted":{"default":false,"type":"boolean"},"ops_executed":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"trace":{"if":{"type":"null"},"else":{"$ref":"#/definitions/Trace"}},"trace_correlation_id":{"type":["string","null"]},"pipeline_metadata":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true}},"required":["run_id","metrics"],"additionalProperties":false,"plainObject":true},"RolloutTrajectory":{"type":"object","properties":{"env_id":{"type":"string"},"policy_id":{"type":"string"},"steps":{"type":"array","items":{"$ref":"#/definitions/RolloutStep"}},"final":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"length":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"inference_url":{"default":"","type":"string"},"decision_samples":{"type":["array","null"],"items":{"type":"object","additionalProperties":{},"plainRecord":true}}},"required":["env_id","policy_id","steps","length"],"additionalProperties":false,"plainObject":true},"RolloutStep":{"type":"object","properties":{"obs":{"type":"object","additionalProperties":{},"plainRecord":true},"tool_calls":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"done":{"default":false,"type":"boolean"},"truncated":{"type":["boolean","null"]},"info":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}}},"required":["obs","tool_calls"],"additionalProperties":false,"plainObject":true},"RolloutMetrics":{"type":"object","properties":{"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"num_episodes":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"outcome_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"events_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"details":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true}},"required":["episode_returns","mean_return","num_steps"],"additionalProperties":false,"plainObject":true},"Trace":{"anyOf":[{"$ref":"#/definitions/TraceEnvelopeV3"},{"$ref":"#/definitions/FullTrace"},{"$ref":"#/definitions/CompactTrace"},{"type":"object","additionalProperties":{},"plainRecord":true}]},"TraceEnvelopeV3":{"type":"object","properties":{"version":{"type":"number","const":3},"session_trace":{"$ref":"#/definitions/FullTrace"},"run_id":{"type":"string"},"policy_id":{"type":["string","null"]},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true}},"required":["version","session_trace"],"additionalProperties":{},"plainObject":true},"FullTrace":{"type":"object","properties":{"session_id":{"type":"string"},"created_at":{},"session_time_steps":{"type":"array","items":{"$ref":"#/definitions/SessionTimeStep"}},"event_history":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"markov_blanket_message_history":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"session_metadata":{}},"required":["session_id","session_time_steps"],"additionalProperties":{},"plainObject":true},"SessionTimeStep":{"type":"object","properties":{"step_id":{"type":"string"},"step_index":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true},"timestamp":{},"turn_number":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"events":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"markov_blanket_messages":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"step_metadata":{"type":"object","additionalProperties":{},"plainRecord":true}},"required":["step_id","step_index"],"additionalProperties":{},"plainObject":true},"CompactTrace":{"type":"object","properties":{"session_id":{"type":"string"},"created_at":{"type":"string"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"events_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"messages_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"lm_calls":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"decision_rewards":{"type":"array","items":{"anyOf":[{"type":"number","finite":true},{"type":"object","additionalProperties":{},"plainRecord":true}]}}},"required":["session_id"],"additionalProperties":{},"plainObject":true}}};
const schema20 = {"type":"object","properties":{"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"num_episodes":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"outcome_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"events_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"details":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true}},"required":["episode_returns","mean_return","num_steps"],"additionalProperties":false,"plainObject":true};
const schema18 = {"type":"object","properties":{"env_id":{"type":"string"},"policy_id":{"type":"string"},"steps":{"type":"array","items":{"$ref":"#/definitions/RolloutStep"}},"final":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"length":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"inference_url":{"default":"","type":"string"},"decision_samples":{"type":["array","null"],"items":{"type":"object","additionalProperties":{},"plainRecord":true}}},"required":["env_id","policy_id","steps","length"],"additionalProperties":false,"plainObject":true};
const schema19 = {"type":"object","properties":{"obs":{"type":"object","additionalProperties":{},"plainRecord":true},"tool_calls":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"done":{"default":false,"type":"boolean"},"truncated":{"type":["boolean","null"]},"info":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}}},"required":["obs","tool_calls"],"additionalProperties":false,"plainObject":true};

function validate14(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.inference_url === undefined){
data.inference_url = "";
}
let missing0;
if(((((data.env_id === undefined) && (missing0 = "env_id")) || ((data.policy_id === undefined) && (missing0 = "policy_id"))) || ((data.steps === undefined) && (missing0 = "steps"))) || ((data.length === undefined) && (missing0 = "length"))){
validate14.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((((((key0 === "env_id") || (key0 === "policy_id")) || (key0 === "steps")) || (key0 === "final")) || (key0 === "length")) || (key0 === "inference_url")) || (key0 === "decision_samples"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.env_id !== undefined){
const _errs2 = errors;
if(typeof data.env_id !== "string"){
validate14.errors = [{instancePath:instancePath+"/env_id",schemaPath:"#/properties/env_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy_id !== undefined){
const _errs4 = errors;
if(typeof data.policy_id !== "string"){
validate14.errors = [{instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.steps !== undefined){
let data2 = data.steps;
const _errs6 = errors;
if(errors === _errs6){
if(Array.isArray(data2)){
var valid1 = true;
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
const _errs8 = errors;
const _errs9 = errors;
if(errors === _errs9){
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.done === undefined){
data3.done = false;
}
let missing1;
if(((data3.obs === undefined) && (missing1 = "obs")) || ((data3.tool_calls === undefined) && (missing1 = "tool_calls"))){
validate14.errors = [{instancePath:instancePath+"/steps/" + i0,schemaPath:"#/definitions/RolloutStep/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs11 = errors;
for(const key1 in data3){
if(!((((((key1 === "obs") || (key1 === "tool_calls")) || (key1 === "reward")) || (key1 === "done")) || (key1 === "truncated")) || (key1 === "info"))){
delete data3[key1];
}
}
if(_errs11 === errors){
if(data3.obs !== undefined){
let data4 = data3.obs;
const _errs12 = errors;
if(errors === _errs12){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
const ctor0 = data4.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data4).length > 0){
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/obs",schemaPath:"#/definitions/RolloutStep/properties/obs/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/obs",schemaPath:"#/definitions/RolloutStep/properties/obs/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data3.tool_calls !== undefined){
let data5 = data3.tool_calls;
const _errs15 = errors;
if(errors === _errs15){
if(Array.isArray(data5)){
var valid4 = true;
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data6 = data5[i1];
const _errs17 = errors;
if(errors === _errs17){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
const ctor1 = data6.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data6).length > 0){
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/tool_calls/" + i1,schemaPath:"#/definitions/RolloutStep/properties/tool_calls/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/tool_calls/" + i1,schemaPath:"#/definitions/RolloutStep/properties/tool_calls/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs17 === errors;
if(!valid4){
break;
}
}
}
else {
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/tool_calls",schemaPath:"#/definitions/RolloutStep/properties/tool_calls/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs15 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data3.reward !== undefined){
let data7 = data3.reward;
const _errs20 = errors;
const _errs21 = errors;
let valid5 = true;
const _errs22 = errors;
var _valid0 = data7 === null;
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs24 = errors;
if(errors === _errs24){
if(typeof data7 == "number"){
if(!isFinite(data7)){
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/reward",schemaPath:"#/definitions/RolloutStep/properties/reward/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/reward",schemaPath:"#/definitions/RolloutStep/properties/reward/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid0 = _errs24 === errors;
valid5 = _valid0;
}
if(!valid5){
const err1 = {instancePath:instancePath+"/steps/" + i0+"/reward",schemaPath:"#/definitions/RolloutStep/properties/reward/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate14.errors = vErrors;
return false;
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
if(valid3){
const _errs26 = errors;
if(typeof data3.done !== "boolean"){
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/done",schemaPath:"#/definitions/RolloutStep/properties/done/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs26 === errors;
if(valid3){
if(data3.truncated !== undefined){
let data9 = data3.truncated;
const _errs28 = errors;
if((typeof data9 !== "boolean") && (data9 !== null)){
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/truncated",schemaPath:"#/definitions/RolloutStep/properties/truncated/type",keyword:"type",params:{type: schema19.properties.truncated.type},message:"must be boolean,null"}];
return false;
}
var valid3 = _errs28 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data3.info !== undefined){
let data10 = data3.info;
const _errs30 = errors;
const _errs31 = errors;
let valid6 = true;
const _errs32 = errors;
var _valid1 = data10 === null;
errors = _errs31;
if(vErrors !== null){
if(_errs31){
vErrors.length = _errs31;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs34 = errors;
if(errors === _errs34){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
const ctor2 = data10.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data10).length > 0){
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/info",schemaPath:"#/definitions/RolloutStep/properties/info/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate14.errors = [{instancePath:instancePath+"/steps/" + i0+"/info",schemaPath:"#/definitions/RolloutStep/properties/info/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid1 = _errs34 === errors;
valid6 = _valid1;
}
if(!valid6){
const err3 = {instancePath:instancePath+"/steps/" + i0+"/info",schemaPath:"#/definitions/RolloutStep/properties/info/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate14.errors = vErrors;
return false;
}
var valid3 = _errs30 === errors;
}
else {
var valid3 = true;
}
if(valid3){
const proto0 = Object.getPrototypeOf(data3);
if(proto0 !== Object.prototype && proto0 !== null){
validate14.errors = [{instancePath:instancePath+"/steps/" + i0,schemaPath:"#/definitions/RolloutStep/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
else {
validate14.errors = [{instancePath:instancePath+"/steps/" + i0,schemaPath:"#/definitions/RolloutStep/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs8 === errors;
if(!valid1){
break;
}
}
}
else {
validate14.errors = [{instancePath:instancePath+"/steps",schemaPath:"#/properties/steps/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.final !== undefined){
let data11 = data.final;
const _errs37 = errors;
const _errs38 = errors;
let valid7 = true;
const _errs39 = errors;
var _valid2 = data11 === null;
errors = _errs38;
if(vErrors !== null){
if(_errs38){
vErrors.length = _errs38;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs41 = errors;
if(errors === _errs41){
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
const ctor3 = data11.constructor;
if(ctor3 !== Object && typeof ctor3 == "function" && !(typeof ctor3.prototype == "object" && ctor3.prototype !== null && Object.prototype.hasOwnProperty.call(ctor3.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data11).length > 0){
validate14.errors = [{instancePath:instancePath+"/final",schemaPath:"#/properties/final/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate14.errors = [{instancePath:instancePath+"/final",schemaPath:"#/properties/final/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid2 = _errs41 === errors;
valid7 = _valid2;
}
if(!valid7){
const err5 = {instancePath:instancePath+"/final",schemaPath:"#/properties/final/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate14.errors = vErrors;
return false;
}
var valid0 = _errs37 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.length !== undefined){
let data12 = data.length;
const _errs44 = errors;
if(!((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12)))){
validate14.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs44){
if(typeof data12 == "number"){
if(data12 > 9007199254740991 || isNaN(data12)){
validate14.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data12 < 0 || isNaN(data12)){
validate14.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data12)){
validate14.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid0 = _errs44 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const _errs46 = errors;
if(typeof data.inference_url !== "string"){
validate14.errors = [{instancePath:instancePath+"/inference_url",schemaPath:"#/properties/inference_url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs46 === errors;
if(valid0){
if(data.decision_samples !== undefined){
let data14 = data.decision_samples;
const _errs48 = errors;
if((!(Array.isArray(data14))) && (data14 !== null)){
validate14.errors = [{instancePath:instancePath+"/decision_samples",schemaPath:"#/properties/decision_samples/type",keyword:"type",params:{type: schema18.properties.decision_samples.type},message:"must be array,null"}];
return false;
}
if(errors === _errs48){
if(Array.isArray(data14)){
var valid8 = true;
const len2 = data14.length;
for(let i2=0; i2<len2; i2++){
let data15 = data14[i2];
const _errs50 = errors;
if(errors === _errs50){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
const ctor4 = data15.constructor;
if(ctor4 !== Object && typeof ctor4 == "function" && !(typeof ctor4.prototype == "object" && ctor4.prototype !== null && Object.prototype.hasOwnProperty.call(ctor4.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data15).length > 0){
validate14.errors = [{instancePath:instancePath+"/decision_samples/" + i2,schemaPath:"#/properties/decision_samples/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate14.errors = [{instancePath:instancePath+"/decision_samples/" + i2,schemaPath:"#/properties/decision_samples/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid8 = _errs50 === errors;
if(!valid8){
break;
}
}
}
}
var valid0 = _errs48 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto1 = Object.getPrototypeOf(data);
if(proto1 !== Object.prototype && proto1 !== null){
validate14.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
else {
validate14.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate14.errors = vErrors;
return errors === 0;
}

const schema21 = {"anyOf":[{"$ref":"#/definitions/TraceEnvelopeV3"},{"$ref":"#/definitions/FullTrace"},{"$ref":"#/definitions/CompactTrace"},{"type":"object","additionalProperties":{},"plainRecord":true}]};
const schema25 = {"type":"object","properties":{"session_id":{"type":"string"},"created_at":{"type":"string"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"events_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"messages_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"lm_calls":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"decision_rewards":{"type":"array","items":{"anyOf":[{"type":"number","finite":true},{"type":"object","additionalProperties":{},"plainRecord":true}]}}},"required":["session_id"],"additionalProperties":{},"plainObject":true};
const schema22 = {"type":"object","properties":{"version":{"type":"number","const":3},"session_trace":{"$ref":"#/definitions/FullTrace"},"run_id":{"type":"string"},"policy_id":{"type":["string","null"]},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true}},"required":["version","session_trace"],"additionalProperties":{},"plainObject":true};
const schema23 = {"type":"object","properties":{"session_id":{"type":"string"},"created_at":{},"session_time_steps":{"type":"array","items":{"$ref":"#/definitions/SessionTimeStep"}},"event_history":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"markov_blanket_message_history":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"session_metadata":{}},"required":["session_id","session_time_steps"],"additionalProperties":{},"plainObject":true};
const schema24 = {"type":"object","properties":{"step_id":{"type":"string"},"step_index":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true},"timestamp":{},"turn_number":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"events":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"markov_blanket_messages":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"step_metadata":{"type":"object","additionalProperties":{},"plainRecord":true}},"required":["step_id","step_index"],"additionalProperties":{},"plainObject":true};

function validate18(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.session_id === undefined) && (missing0 = "session_id")) || ((data.session_time_steps === undefined) && (missing0 = "session_time_steps"))){
validate18.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.session_id !== undefined){
const _errs2 = errors;
if(typeof data.session_id !== "string"){
validate18.errors = [{instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session_time_steps !== undefined){
let data1 = data.session_time_steps;
const _errs4 = errors;
if(errors === _errs4){
if(Array.isArray(data1)){
var valid1 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
const _errs7 = errors;
if(errors === _errs7){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if(((data2.step_id === undefined) && (missing1 = "step_id")) || ((data2.step_index === undefined) && (missing1 = "step_index"))){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0,schemaPath:"#/definitions/SessionTimeStep/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data2.step_id !== undefined){
const _errs10 = errors;
if(typeof data2.step_id !== "string"){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_id",schemaPath:"#/definitions/SessionTimeStep/properties/step_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs10 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.step_index !== undefined){
let data4 = data2.step_index;
const _errs12 = errors;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs12){
if(typeof data4 == "number"){
if(data4 > 9007199254740991 || isNaN(data4)){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data4 < -9007199254740991 || isNaN(data4)){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data4)){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.turn_number !== undefined){
let data5 = data2.turn_number;
const _errs14 = errors;
const _errs15 = errors;
let valid4 = true;
const _errs16 = errors;
var _valid0 = data5 === null;
errors = _errs15;
if(vErrors !== null){
if(_errs15){
vErrors.length = _errs15;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs18 = errors;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs18){
if(typeof data5 == "number"){
if(data5 > 9007199254740991 || isNaN(data5)){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data5 < -9007199254740991 || isNaN(data5)){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data5)){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs18 === errors;
valid4 = _valid0;
}
if(!valid4){
const err1 = {instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate18.errors = vErrors;
return false;
}
var valid3 = _errs14 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.events !== undefined){
let data6 = data2.events;
const _errs20 = errors;
if(errors === _errs20){
if(Array.isArray(data6)){
var valid5 = true;
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
let data7 = data6[i1];
const _errs22 = errors;
if(errors === _errs22){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
const ctor0 = data7.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data7).length > 0){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/events/" + i1,schemaPath:"#/definitions/SessionTimeStep/properties/events/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/events/" + i1,schemaPath:"#/definitions/SessionTimeStep/properties/events/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid5 = _errs22 === errors;
if(!valid5){
break;
}
}
}
else {
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/events",schemaPath:"#/definitions/SessionTimeStep/properties/events/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.markov_blanket_messages !== undefined){
let data8 = data2.markov_blanket_messages;
const _errs25 = errors;
if(errors === _errs25){
if(Array.isArray(data8)){
var valid6 = true;
const len2 = data8.length;
for(let i2=0; i2<len2; i2++){
let data9 = data8[i2];
const _errs27 = errors;
if(errors === _errs27){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
const ctor1 = data9.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data9).length > 0){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/markov_blanket_messages/" + i2,schemaPath:"#/definitions/SessionTimeStep/properties/markov_blanket_messages/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/markov_blanket_messages/" + i2,schemaPath:"#/definitions/SessionTimeStep/properties/markov_blanket_messages/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid6 = _errs27 === errors;
if(!valid6){
break;
}
}
}
else {
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/markov_blanket_messages",schemaPath:"#/definitions/SessionTimeStep/properties/markov_blanket_messages/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs25 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.step_metadata !== undefined){
let data10 = data2.step_metadata;
const _errs30 = errors;
if(errors === _errs30){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
const ctor2 = data10.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data10).length > 0){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_metadata",schemaPath:"#/definitions/SessionTimeStep/properties/step_metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_metadata",schemaPath:"#/definitions/SessionTimeStep/properties/step_metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid3 = _errs30 === errors;
}
else {
var valid3 = true;
}
if(valid3){
const proto0 = Object.getPrototypeOf(data2);
if(proto0 !== Object.prototype && proto0 !== null){
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0,schemaPath:"#/definitions/SessionTimeStep/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
else {
validate18.errors = [{instancePath:instancePath+"/session_time_steps/" + i0,schemaPath:"#/definitions/SessionTimeStep/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs6 === errors;
if(!valid1){
break;
}
}
}
else {
validate18.errors = [{instancePath:instancePath+"/session_time_steps",schemaPath:"#/properties/session_time_steps/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_history !== undefined){
let data11 = data.event_history;
const _errs33 = errors;
if(errors === _errs33){
if(Array.isArray(data11)){
var valid7 = true;
const len3 = data11.length;
for(let i3=0; i3<len3; i3++){
let data12 = data11[i3];
const _errs35 = errors;
if(errors === _errs35){
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
const ctor3 = data12.constructor;
if(ctor3 !== Object && typeof ctor3 == "function" && !(typeof ctor3.prototype == "object" && ctor3.prototype !== null && Object.prototype.hasOwnProperty.call(ctor3.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data12).length > 0){
validate18.errors = [{instancePath:instancePath+"/event_history/" + i3,schemaPath:"#/properties/event_history/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate18.errors = [{instancePath:instancePath+"/event_history/" + i3,schemaPath:"#/properties/event_history/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid7 = _errs35 === errors;
if(!valid7){
break;
}
}
}
else {
validate18.errors = [{instancePath:instancePath+"/event_history",schemaPath:"#/properties/event_history/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs33 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.markov_blanket_message_history !== undefined){
let data13 = data.markov_blanket_message_history;
const _errs38 = errors;
if(errors === _errs38){
if(Array.isArray(data13)){
var valid8 = true;
const len4 = data13.length;
for(let i4=0; i4<len4; i4++){
let data14 = data13[i4];
const _errs40 = errors;
if(errors === _errs40){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
const ctor4 = data14.constructor;
if(ctor4 !== Object && typeof ctor4 == "function" && !(typeof ctor4.prototype == "object" && ctor4.prototype !== null && Object.prototype.hasOwnProperty.call(ctor4.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data14).length > 0){
validate18.errors = [{instancePath:instancePath+"/markov_blanket_message_history/" + i4,schemaPath:"#/properties/markov_blanket_message_history/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate18.errors = [{instancePath:instancePath+"/markov_blanket_message_history/" + i4,schemaPath:"#/properties/markov_blanket_message_history/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid8 = _errs40 === errors;
if(!valid8){
break;
}
}
}
else {
validate18.errors = [{instancePath:instancePath+"/markov_blanket_message_history",schemaPath:"#/properties/markov_blanket_message_history/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs38 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data15 = data.metadata;
const _errs43 = errors;
if(errors === _errs43){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
const ctor5 = data15.constructor;
if(ctor5 !== Object && typeof ctor5 == "function" && !(typeof ctor5.prototype == "object" && ctor5.prototype !== null && Object.prototype.hasOwnProperty.call(ctor5.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data15).length > 0){
validate18.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate18.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs43 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto1 = Object.getPrototypeOf(data);
if(proto1 !== Object.prototype && proto1 !== null){
validate18.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
else {
validate18.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate18.errors = vErrors;
return errors === 0;
}


function validate17(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.version === undefined) && (missing0 = "version")) || ((data.session_trace === undefined) && (missing0 = "session_trace"))){
validate17.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.version !== undefined){
let data0 = data.version;
const _errs2 = errors;
if(!(typeof data0 == "number")){
validate17.errors = [{instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
if(3 !== data0){
validate17.errors = [{instancePath:instancePath+"/version",schemaPath:"#/properties/version/const",keyword:"const",params:{allowedValue: 3},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session_trace !== undefined){
const _errs4 = errors;
if(!(validate18(data.session_trace, instancePath+"/session_trace", data, "session_trace", rootData))){
vErrors = vErrors === null ? validate18.errors : vErrors.concat(validate18.errors);
errors = vErrors.length;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.run_id !== undefined){
const _errs5 = errors;
if(typeof data.run_id !== "string"){
validate17.errors = [{instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy_id !== undefined){
let data3 = data.policy_id;
const _errs7 = errors;
if((typeof data3 !== "string") && (data3 !== null)){
validate17.errors = [{instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: schema22.properties.policy_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.reward !== undefined){
let data4 = data.reward;
const _errs9 = errors;
const _errs10 = errors;
let valid1 = true;
const _errs11 = errors;
var _valid0 = data4 === null;
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs13 = errors;
if(errors === _errs13){
if(typeof data4 == "number"){
if(!isFinite(data4)){
validate17.errors = [{instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate17.errors = [{instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid0 = _errs13 === errors;
valid1 = _valid0;
}
if(!valid1){
const err1 = {instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate17.errors = vErrors;
return false;
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.episode_returns !== undefined){
let data5 = data.episode_returns;
const _errs15 = errors;
if(errors === _errs15){
if(Array.isArray(data5)){
var valid2 = true;
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
const _errs17 = errors;
if(errors === _errs17){
if(typeof data6 == "number"){
if(!isFinite(data6)){
validate17.errors = [{instancePath:instancePath+"/episode_returns/" + i0,schemaPath:"#/properties/episode_returns/items/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate17.errors = [{instancePath:instancePath+"/episode_returns/" + i0,schemaPath:"#/properties/episode_returns/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs17 === errors;
if(!valid2){
break;
}
}
}
else {
validate17.errors = [{instancePath:instancePath+"/episode_returns",schemaPath:"#/properties/episode_returns/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.mean_return !== undefined){
let data7 = data.mean_return;
const _errs19 = errors;
if(errors === _errs19){
if(typeof data7 == "number"){
if(!isFinite(data7)){
validate17.errors = [{instancePath:instancePath+"/mean_return",schemaPath:"#/properties/mean_return/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate17.errors = [{instancePath:instancePath+"/mean_return",schemaPath:"#/properties/mean_return/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs19 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.num_steps !== undefined){
let data8 = data.num_steps;
const _errs21 = errors;
if(!((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8)))){
validate17.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs21){
if(typeof data8 == "number"){
if(data8 > 9007199254740991 || isNaN(data8)){
validate17.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data8 < 0 || isNaN(data8)){
validate17.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data8)){
validate17.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto0 = Object.getPrototypeOf(data);
if(proto0 !== Object.prototype && proto0 !== null){
validate17.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
else {
validate17.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate17.errors = vErrors;
return errors === 0;
}


function validate16(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
const _errs0 = errors;
let valid0 = false;
const _errs1 = errors;
if(!(validate17(data, instancePath, parentData, parentDataProperty, rootData))){
vErrors = vErrors === null ? validate17.errors : vErrors.concat(validate17.errors);
errors = vErrors.length;
}
var _valid0 = _errs1 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs2 = errors;
if(!(validate18(data, instancePath, parentData, parentDataProperty, rootData))){
vErrors = vErrors === null ? validate18.errors : vErrors.concat(validate18.errors);
errors = vErrors.length;
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
const _errs4 = errors;
if(errors === _errs4){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.session_id === undefined) && (missing0 = "session_id")){
const err0 = {instancePath,schemaPath:"#/definitions/CompactTrace/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.session_id !== undefined){
const _errs7 = errors;
if(typeof data.session_id !== "string"){
const err1 = {instancePath:instancePath+"/session_id",schemaPath:"#/definitions/CompactTrace/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var valid2 = _errs7 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.created_at !== undefined){
const _errs9 = errors;
if(typeof data.created_at !== "string"){
const err2 = {instancePath:instancePath+"/created_at",schemaPath:"#/definitions/CompactTrace/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var valid2 = _errs9 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.metadata !== undefined){
let data2 = data.metadata;
const _errs11 = errors;
if(errors === _errs11){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
const ctor0 = data2.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data2).length > 0){
const err3 = {instancePath:instancePath+"/metadata",schemaPath:"#/definitions/CompactTrace/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/metadata",schemaPath:"#/definitions/CompactTrace/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var valid2 = _errs11 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.events_count !== undefined){
let data3 = data.events_count;
const _errs14 = errors;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
const err5 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(errors === _errs14){
if(typeof data3 == "number"){
if(data3 > 9007199254740991 || isNaN(data3)){
const err6 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
else {
if(data3 < 0 || isNaN(data3)){
const err7 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
if(!isFinite(data3)){
const err8 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/finite",keyword:"finite",params:{},message:"must be a finite number"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
}
}
var valid2 = _errs14 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.messages_count !== undefined){
let data4 = data.messages_count;
const _errs16 = errors;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
const err9 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(errors === _errs16){
if(typeof data4 == "number"){
if(data4 > 9007199254740991 || isNaN(data4)){
const err10 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
else {
if(data4 < 0 || isNaN(data4)){
const err11 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
if(!isFinite(data4)){
const err12 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/finite",keyword:"finite",params:{},message:"must be a finite number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
}
}
var valid2 = _errs16 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.lm_calls !== undefined){
let data5 = data.lm_calls;
const _errs18 = errors;
if(errors === _errs18){
if(Array.isArray(data5)){
var valid3 = true;
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
const _errs20 = errors;
if(errors === _errs20){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
const ctor1 = data6.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data6).length > 0){
const err13 = {instancePath:instancePath+"/lm_calls/" + i0,schemaPath:"#/definitions/CompactTrace/properties/lm_calls/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/lm_calls/" + i0,schemaPath:"#/definitions/CompactTrace/properties/lm_calls/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var valid3 = _errs20 === errors;
if(!valid3){
break;
}
}
}
else {
const err15 = {instancePath:instancePath+"/lm_calls",schemaPath:"#/definitions/CompactTrace/properties/lm_calls/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
var valid2 = _errs18 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.decision_rewards !== undefined){
let data7 = data.decision_rewards;
const _errs23 = errors;
if(errors === _errs23){
if(Array.isArray(data7)){
var valid4 = true;
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
const _errs25 = errors;
const _errs26 = errors;
let valid5 = false;
const _errs27 = errors;
if(errors === _errs27){
if(typeof data8 == "number"){
if(!isFinite(data8)){
const err16 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/0/finite",keyword:"finite",params:{},message:"must be a finite number"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/0/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
var _valid1 = _errs27 === errors;
valid5 = valid5 || _valid1;
if(!valid5){
const _errs29 = errors;
if(errors === _errs29){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
const ctor2 = data8.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data8).length > 0){
const err18 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/1/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
var _valid1 = _errs29 === errors;
valid5 = valid5 || _valid1;
}
if(!valid5){
const err20 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs26;
if(vErrors !== null){
if(_errs26){
vErrors.length = _errs26;
}
else {
vErrors = null;
}
}
}
var valid4 = _errs25 === errors;
if(!valid4){
break;
}
}
}
else {
const err21 = {instancePath:instancePath+"/decision_rewards",schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
var valid2 = _errs23 === errors;
}
else {
var valid2 = true;
}
if(valid2){
const proto0 = Object.getPrototypeOf(data);
if(proto0 !== Object.prototype && proto0 !== null){
const err22 = {instancePath,schemaPath:"#/definitions/CompactTrace/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
}
}
}
}
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/definitions/CompactTrace/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs32 = errors;
if(errors === _errs32){
if(data && typeof data == "object" && !Array.isArray(data)){
const ctor3 = data.constructor;
if(ctor3 !== Object && typeof ctor3 == "function" && !(typeof ctor3.prototype == "object" && ctor3.prototype !== null && Object.prototype.hasOwnProperty.call(ctor3.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data).length > 0){
const err24 = {instancePath,schemaPath:"#/anyOf/3/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath,schemaPath:"#/anyOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
var _valid0 = _errs32 === errors;
valid0 = valid0 || _valid0;
}
}
}
if(!valid0){
const err26 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
validate16.errors = vErrors;
return false;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate16.errors = vErrors;
return errors === 0;
}


function validate13(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.trajectories === undefined){
data.trajectories = [];
}
if(data.branches === undefined){
data.branches = {};
}
if(data.aborted === undefined){
data.aborted = false;
}
if(data.ops_executed === undefined){
data.ops_executed = 0;
}
if(data.pipeline_metadata === undefined){
data.pipeline_metadata = {};
}
let missing0;
if(((data.run_id === undefined) && (missing0 = "run_id")) || ((data.metrics === undefined) && (missing0 = "metrics"))){
validate13.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((key0 === "run_id" || key0 === "trajectories" || key0 === "branches" || key0 === "metrics" || key0 === "aborted" || key0 === "ops_executed" || key0 === "trace" || key0 === "trace_correlation_id" || key0 === "pipeline_metadata"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.run_id !== undefined){
const _errs2 = errors;
if(typeof data.run_id !== "string"){
validate13.errors = [{instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data1 = data.trajectories;
const _errs4 = errors;
if(errors === _errs4){
if(Array.isArray(data1)){
var valid1 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
const _errs6 = errors;
if(!(validate14(data1[i0], instancePath+"/trajectories/" + i0, data1, i0, rootData))){
vErrors = vErrors === null ? validate14.errors : vErrors.concat(validate14.errors);
errors = vErrors.length;
}
var valid1 = _errs6 === errors;
if(!valid1){
break;
}
}
}
else {
validate13.errors = [{instancePath:instancePath+"/trajectories",schemaPath:"#/properties/trajectories/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs4 === errors;
if(valid0){
let data3 = data.branches;
const _errs7 = errors;
if(errors === _errs7){
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
const _errs9 = errors;
for(const key1 in data3){
let data4 = data3[key1];
const _errs10 = errors;
if(errors === _errs10){
if(Array.isArray(data4)){
var valid3 = true;
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
const _errs12 = errors;
if(typeof data4[i1] !== "string"){
validate13.errors = [{instancePath:instancePath+"/branches/" + key1.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i1,schemaPath:"#/properties/branches/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs12 === errors;
if(!valid3){
break;
}
}
}
else {
validate13.errors = [{instancePath:instancePath+"/branches/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/branches/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs10 === errors;
if(!valid2){
break;
}
}
if(_errs9 === errors){
const ctor0 = data3.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data3).length > 0){
validate13.errors = [{instancePath:instancePath+"/branches",schemaPath:"#/properties/branches/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
}
else {
validate13.errors = [{instancePath:instancePath+"/branches",schemaPath:"#/properties/branches/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs7 === errors;
if(valid0){
if(data.metrics !== undefined){
let data6 = data.metrics;
const _errs14 = errors;
const _errs15 = errors;
if(errors === _errs15){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.num_episodes === undefined){
data6.num_episodes = 0;
}
if(data6.details === undefined){
data6.details = {};
}
let missing1;
if((((data6.episode_returns === undefined) && (missing1 = "episode_returns")) || ((data6.mean_return === undefined) && (missing1 = "mean_return"))) || ((data6.num_steps === undefined) && (missing1 = "num_steps"))){
validate13.errors = [{instancePath:instancePath+"/metrics",schemaPath:"#/definitions/RolloutMetrics/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs17 = errors;
for(const key2 in data6){
if(!(((((((key2 === "episode_returns") || (key2 === "mean_return")) || (key2 === "num_steps")) || (key2 === "num_episodes")) || (key2 === "outcome_score")) || (key2 === "events_score")) || (key2 === "details"))){
delete data6[key2];
}
}
if(_errs17 === errors){
if(data6.episode_returns !== undefined){
let data7 = data6.episode_returns;
const _errs18 = errors;
if(errors === _errs18){
if(Array.isArray(data7)){
var valid6 = true;
const len2 = data7.length;
for(let i2=0; i2<len2; i2++){
let data8 = data7[i2];
const _errs20 = errors;
if(errors === _errs20){
if(typeof data8 == "number"){
if(!isFinite(data8)){
validate13.errors = [{instancePath:instancePath+"/metrics/episode_returns/" + i2,schemaPath:"#/definitions/RolloutMetrics/properties/episode_returns/items/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate13.errors = [{instancePath:instancePath+"/metrics/episode_returns/" + i2,schemaPath:"#/definitions/RolloutMetrics/properties/episode_returns/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid6 = _errs20 === errors;
if(!valid6){
break;
}
}
}
else {
validate13.errors = [{instancePath:instancePath+"/metrics/episode_returns",schemaPath:"#/definitions/RolloutMetrics/properties/episode_returns/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid5 = _errs18 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data6.mean_return !== undefined){
let data9 = data6.mean_return;
const _errs22 = errors;
if(errors === _errs22){
if(typeof data9 == "number"){
if(!isFinite(data9)){
validate13.errors = [{instancePath:instancePath+"/metrics/mean_return",schemaPath:"#/definitions/RolloutMetrics/properties/mean_return/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate13.errors = [{instancePath:instancePath+"/metrics/mean_return",schemaPath:"#/definitions/RolloutMetrics/properties/mean_return/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid5 = _errs22 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data6.num_steps !== undefined){
let data10 = data6.num_steps;
const _errs24 = errors;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
validate13.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs24){
if(typeof data10 == "number"){
if(data10 > 9007199254740991 || isNaN(data10)){
validate13.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 < 0 || isNaN(data10)){
validate13.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data10)){
validate13.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid5 = _errs24 === errors;
}
else {
var valid5 = true;
}
if(valid5){
let data11 = data6.num_episodes;
const _errs26 = errors;
if(!((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11)))){
validate13.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs26){
if(typeof data11 == "number"){
if(data11 > 9007199254740991 || isNaN(data11)){
validate13.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data11 < 0 || isNaN(data11)){
validate13.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data11)){
validate13.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid5 = _errs26 === errors;
if(valid5){
if(data6.outcome_score !== undefined){
let data12 = data6.outcome_score;
const _errs28 = errors;
const _errs29 = errors;
let valid7 = true;
const _errs30 = errors;
var _valid0 = data12 === null;
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs32 = errors;
if(errors === _errs32){
if(typeof data12 == "number"){
if(!isFinite(data12)){
validate13.errors = [{instancePath:instancePath+"/metrics/outcome_score",schemaPath:"#/definitions/RolloutMetrics/properties/outcome_score/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate13.errors = [{instancePath:instancePath+"/metrics/outcome_score",schemaPath:"#/definitions/RolloutMetrics/properties/outcome_score/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid0 = _errs32 === errors;
valid7 = _valid0;
}
if(!valid7){
const err1 = {instancePath:instancePath+"/metrics/outcome_score",schemaPath:"#/definitions/RolloutMetrics/properties/outcome_score/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate13.errors = vErrors;
return false;
}
var valid5 = _errs28 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data6.events_score !== undefined){
let data13 = data6.events_score;
const _errs34 = errors;
const _errs35 = errors;
let valid8 = true;
const _errs36 = errors;
var _valid1 = data13 === null;
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs38 = errors;
if(errors === _errs38){
if(typeof data13 == "number"){
if(!isFinite(data13)){
validate13.errors = [{instancePath:instancePath+"/metrics/events_score",schemaPath:"#/definitions/RolloutMetrics/properties/events_score/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate13.errors = [{instancePath:instancePath+"/metrics/events_score",schemaPath:"#/definitions/RolloutMetrics/properties/events_score/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid1 = _errs38 === errors;
valid8 = _valid1;
}
if(!valid8){
const err3 = {instancePath:instancePath+"/metrics/events_score",schemaPath:"#/definitions/RolloutMetrics/properties/events_score/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate13.errors = vErrors;
return false;
}
var valid5 = _errs34 === errors;
}
else {
var valid5 = true;
}
if(valid5){
let data14 = data6.details;
const _errs40 = errors;
if(errors === _errs40){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
const ctor1 = data14.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data14).length > 0){
validate13.errors = [{instancePath:instancePath+"/metrics/details",schemaPath:"#/definitions/RolloutMetrics/properties/details/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate13.errors = [{instancePath:instancePath+"/metrics/details",schemaPath:"#/definitions/RolloutMetrics/properties/details/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid5 = _errs40 === errors;
if(valid5){
const proto0 = Object.getPrototypeOf(data6);
if(proto0 !== Object.prototype && proto0 !== null){
validate13.errors = [{instancePath:instancePath+"/metrics",schemaPath:"#/definitions/RolloutMetrics/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
else {
validate13.errors = [{instancePath:instancePath+"/metrics",schemaPath:"#/definitions/RolloutMetrics/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs14 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const _errs43 = errors;
if(typeof data.aborted !== "boolean"){
validate13.errors = [{instancePath:instancePath+"/aborted",schemaPath:"#/properties/aborted/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs43 === errors;
if(valid0){
let data16 = data.ops_executed;
const _errs45 = errors;
if(!((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16)))){
validate13.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs45){
if(typeof data16 == "number"){
if(data16 > 9007199254740991 || isNaN(data16)){
validate13.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data16 < 0 || isNaN(data16)){
validate13.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data16)){
validate13.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid0 = _errs45 === errors;
if(valid0){
if(data.trace !== undefined){
let data17 = data.trace;
const _errs47 = errors;
const _errs48 = errors;
let valid9 = true;
const _errs49 = errors;
var _valid2 = data17 === null;
errors = _errs48;
if(vErrors !== null){
if(_errs48){
vErrors.length = _errs48;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs51 = errors;
if(!(validate16(data17, instancePath+"/trace", data, "trace", rootData))){
vErrors = vErrors === null ? validate16.errors : vErrors.concat(validate16.errors);
errors = vErrors.length;
}
var _valid2 = _errs51 === errors;
valid9 = _valid2;
}
if(!valid9){
const err5 = {instancePath:instancePath+"/trace",schemaPath:"#/properties/trace/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate13.errors = vErrors;
return false;
}
var valid0 = _errs47 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.trace_correlation_id !== undefined){
let data18 = data.trace_correlation_id;
const _errs52 = errors;
if((typeof data18 !== "string") && (data18 !== null)){
validate13.errors = [{instancePath:instancePath+"/trace_correlation_id",schemaPath:"#/properties/trace_correlation_id/type",keyword:"type",params:{type: schema17.properties.trace_correlation_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs52 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data19 = data.pipeline_metadata;
const _errs54 = errors;
if(errors === _errs54){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
const ctor2 = data19.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data19).length > 0){
validate13.errors = [{instancePath:instancePath+"/pipeline_metadata",schemaPath:"#/properties/pipeline_metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate13.errors = [{instancePath:instancePath+"/pipeline_metadata",schemaPath:"#/properties/pipeline_metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs54 === errors;
if(valid0){
const proto1 = Object.getPrototypeOf(data);
if(proto1 !== Object.prototype && proto1 !== null){
validate13.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate13.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate13.errors = vErrors;
return errors === 0;
}

export const validateContainerRolloutRequest = validate23;
const schema26 = {"type":"object","properties":{"trace_correlation_id":{"type":"string","pattern":"[^\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]"},"env":{"$ref":"#/definitions/RolloutEnvSpec"},"policy":{"$ref":"#/definitions/RolloutPolicySpec"},"on_done":{"default":"reset","type":"string"},"safety":{"default":{},"allOf":[{"$ref":"#/definitions/ContainerSafetyConfig"}]},"training_session_id":{"type":["string","null"]},"synth_base_url":{"type":["string","null"]},"context_overrides":{"type":["array","null"],"items":{"$ref":"#/definitions/ContextOverride"}},"override_bundle_id":{"type":["string","null"]}},"required":["trace_correlation_id","env","policy"],"additionalProperties":false,"plainObject":true,"definitions":{"ContainerRolloutRequest":{"type":"object","properties":{"trace_correlation_id":{"type":"string","pattern":"[^\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]"},"env":{"$ref":"#/definitions/RolloutEnvSpec"},"policy":{"$ref":"#/definitions/RolloutPolicySpec"},"on_done":{"default":"reset","type":"string"},"safety":{"default":{},"allOf":[{"$ref":"#/definitions/ContainerSafetyConfig"}]},"training_session_id":{"type":["string","null"]},"synth_base_url":{"type":["string","null"]},"context_overrides":{"type":["array","null"],"items":{"$ref":"#/definitions/ContextOverride"}},"override_bundle_id":{"type":["string","null"]}},"required":["trace_correlation_id","env","policy"],"additionalProperties":false,"plainObject":true},"RolloutEnvSpec":{"type":"object","properties":{"env_id":{"type":["string","null"]},"env_name":{"type":["string","null"]},"config":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true},"seed":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false,"plainObject":true},"RolloutPolicySpec":{"type":"object","properties":{"policy_id":{"type":["string","null"]},"policy_name":{"type":["string","null"]},"config":{"default":{},"allOf":[{"$ref":"#/definitions/PolicyConfig"}]},"output_mode":{"type":"string","enum":["tool_calls","text","structured"]},"structured_config":{"type":"object","properties":{"schema":{"type":"object","additionalProperties":{},"plainRecord":true},"schema_name":{"default":"response","type":"string"},"strict":{"default":true,"type":"boolean"}},"required":["schema"],"additionalProperties":false,"plainObject":true}},"additionalProperties":false,"plainObject":true},"PolicyConfig":{"type":"object","properties":{"inference_url":{"type":"string","minLength":1},"model":{"type":"string","minLength":1},"provider":{"type":"string","minLength":1},"temperature":{"type":"number","minimum":0,"finite":true},"top_p":{"type":"number","exclusiveMinimum":0,"maximum":1,"finite":true},"max_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_completion_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_llm_calls":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"use_tools":{"type":"boolean"},"use_vision":{"type":"boolean"},"image_only_mode":{"type":"boolean"},"max_images_per_step":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"thinking_mode":{"type":"string","enum":["think","no_think"]},"thinking_budget":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true}},"additionalProperties":{},"plainObject":true},"ContainerSafetyConfig":{"type":"object","properties":{"max_time_s":{"default":3600,"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_memory_mb":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"allow_network":{"default":true,"type":"boolean"}},"additionalProperties":false,"plainObject":true},"ContextOverride":{"type":"object","properties":{"file_artifacts":{"default":{},"type":"object","additionalProperties":{"type":"string"},"plainRecord":true},"preflight_script":{"type":["string","null"]},"env_vars":{"default":{},"type":"object","additionalProperties":{"type":"string"},"plainRecord":true},"mutation_type":{"type":["string","null"]},"created_at":{"type":["string","null"]},"override_id":{"type":["string","null"]},"source":{"type":["string","null"]},"priority":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false,"plainObject":true}}};
const schema27 = {"type":"object","properties":{"env_id":{"type":["string","null"]},"env_name":{"type":["string","null"]},"config":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true},"seed":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false,"plainObject":true};
const schema30 = {"type":"object","properties":{"max_time_s":{"default":3600,"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_memory_mb":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"allow_network":{"default":true,"type":"boolean"}},"additionalProperties":false,"plainObject":true};
const schema31 = {"type":"object","properties":{"file_artifacts":{"default":{},"type":"object","additionalProperties":{"type":"string"},"plainRecord":true},"preflight_script":{"type":["string","null"]},"env_vars":{"default":{},"type":"object","additionalProperties":{"type":"string"},"plainRecord":true},"mutation_type":{"type":["string","null"]},"created_at":{"type":["string","null"]},"override_id":{"type":["string","null"]},"source":{"type":["string","null"]},"priority":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false,"plainObject":true};
const pattern0 = new RegExp("[^\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]", "u");
const schema28 = {"type":"object","properties":{"policy_id":{"type":["string","null"]},"policy_name":{"type":["string","null"]},"config":{"default":{},"allOf":[{"$ref":"#/definitions/PolicyConfig"}]},"output_mode":{"type":"string","enum":["tool_calls","text","structured"]},"structured_config":{"type":"object","properties":{"schema":{"type":"object","additionalProperties":{},"plainRecord":true},"schema_name":{"default":"response","type":"string"},"strict":{"default":true,"type":"boolean"}},"required":["schema"],"additionalProperties":false,"plainObject":true}},"additionalProperties":false,"plainObject":true};
const schema29 = {"type":"object","properties":{"inference_url":{"type":"string","minLength":1},"model":{"type":"string","minLength":1},"provider":{"type":"string","minLength":1},"temperature":{"type":"number","minimum":0,"finite":true},"top_p":{"type":"number","exclusiveMinimum":0,"maximum":1,"finite":true},"max_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_completion_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_llm_calls":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"use_tools":{"type":"boolean"},"use_vision":{"type":"boolean"},"image_only_mode":{"type":"boolean"},"max_images_per_step":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"thinking_mode":{"type":"string","enum":["think","no_think"]},"thinking_budget":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true}},"additionalProperties":{},"plainObject":true};

function validate24(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.config === undefined){
data.config = {};
}
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "policy_id") || (key0 === "policy_name")) || (key0 === "config")) || (key0 === "output_mode")) || (key0 === "structured_config"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.policy_id !== undefined){
let data0 = data.policy_id;
const _errs2 = errors;
if((typeof data0 !== "string") && (data0 !== null)){
validate24.errors = [{instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: schema28.properties.policy_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy_name !== undefined){
let data1 = data.policy_name;
const _errs4 = errors;
if((typeof data1 !== "string") && (data1 !== null)){
validate24.errors = [{instancePath:instancePath+"/policy_name",schemaPath:"#/properties/policy_name/type",keyword:"type",params:{type: schema28.properties.policy_name.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data2 = data.config;
const _errs6 = errors;
const _errs8 = errors;
if(errors === _errs8){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.inference_url !== undefined){
let data3 = data2.inference_url;
const _errs11 = errors;
if(errors === _errs11){
if(typeof data3 === "string"){
if(func3(data3) < 1){
validate24.errors = [{instancePath:instancePath+"/config/inference_url",schemaPath:"#/definitions/PolicyConfig/properties/inference_url/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/config/inference_url",schemaPath:"#/definitions/PolicyConfig/properties/inference_url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs11 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.model !== undefined){
let data4 = data2.model;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data4 === "string"){
if(func3(data4) < 1){
validate24.errors = [{instancePath:instancePath+"/config/model",schemaPath:"#/definitions/PolicyConfig/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/config/model",schemaPath:"#/definitions/PolicyConfig/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs13 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.provider !== undefined){
let data5 = data2.provider;
const _errs15 = errors;
if(errors === _errs15){
if(typeof data5 === "string"){
if(func3(data5) < 1){
validate24.errors = [{instancePath:instancePath+"/config/provider",schemaPath:"#/definitions/PolicyConfig/properties/provider/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/config/provider",schemaPath:"#/definitions/PolicyConfig/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs15 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.temperature !== undefined){
let data6 = data2.temperature;
const _errs17 = errors;
if(errors === _errs17){
if(typeof data6 == "number"){
if(data6 < 0 || isNaN(data6)){
validate24.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data6)){
validate24.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid3 = _errs17 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.top_p !== undefined){
let data7 = data2.top_p;
const _errs19 = errors;
if(errors === _errs19){
if(typeof data7 == "number"){
if(data7 > 1 || isNaN(data7)){
validate24.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data7 <= 0 || isNaN(data7)){
validate24.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data7)){
validate24.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid3 = _errs19 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_tokens !== undefined){
let data8 = data2.max_tokens;
const _errs21 = errors;
if(!((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8)))){
validate24.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs21){
if(typeof data8 == "number"){
if(data8 > 9007199254740991 || isNaN(data8)){
validate24.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data8 <= 0 || isNaN(data8)){
validate24.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data8)){
validate24.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs21 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_completion_tokens !== undefined){
let data9 = data2.max_completion_tokens;
const _errs23 = errors;
if(!((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9)))){
validate24.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs23){
if(typeof data9 == "number"){
if(data9 > 9007199254740991 || isNaN(data9)){
validate24.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data9 <= 0 || isNaN(data9)){
validate24.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data9)){
validate24.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs23 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_llm_calls !== undefined){
let data10 = data2.max_llm_calls;
const _errs25 = errors;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
validate24.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs25){
if(typeof data10 == "number"){
if(data10 > 9007199254740991 || isNaN(data10)){
validate24.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 <= 0 || isNaN(data10)){
validate24.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data10)){
validate24.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs25 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.use_tools !== undefined){
const _errs27 = errors;
if(typeof data2.use_tools !== "boolean"){
validate24.errors = [{instancePath:instancePath+"/config/use_tools",schemaPath:"#/definitions/PolicyConfig/properties/use_tools/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs27 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.use_vision !== undefined){
const _errs29 = errors;
if(typeof data2.use_vision !== "boolean"){
validate24.errors = [{instancePath:instancePath+"/config/use_vision",schemaPath:"#/definitions/PolicyConfig/properties/use_vision/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs29 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.image_only_mode !== undefined){
const _errs31 = errors;
if(typeof data2.image_only_mode !== "boolean"){
validate24.errors = [{instancePath:instancePath+"/config/image_only_mode",schemaPath:"#/definitions/PolicyConfig/properties/image_only_mode/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs31 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_images_per_step !== undefined){
let data14 = data2.max_images_per_step;
const _errs33 = errors;
if(!((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14)))){
validate24.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs33){
if(typeof data14 == "number"){
if(data14 > 9007199254740991 || isNaN(data14)){
validate24.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data14 <= 0 || isNaN(data14)){
validate24.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data14)){
validate24.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs33 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.thinking_mode !== undefined){
let data15 = data2.thinking_mode;
const _errs35 = errors;
if(typeof data15 !== "string"){
validate24.errors = [{instancePath:instancePath+"/config/thinking_mode",schemaPath:"#/definitions/PolicyConfig/properties/thinking_mode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((data15 === "think") || (data15 === "no_think"))){
validate24.errors = [{instancePath:instancePath+"/config/thinking_mode",schemaPath:"#/definitions/PolicyConfig/properties/thinking_mode/enum",keyword:"enum",params:{allowedValues: schema29.properties.thinking_mode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid3 = _errs35 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.thinking_budget !== undefined){
let data16 = data2.thinking_budget;
const _errs37 = errors;
if(!((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16)))){
validate24.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs37){
if(typeof data16 == "number"){
if(data16 > 9007199254740991 || isNaN(data16)){
validate24.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data16 <= 0 || isNaN(data16)){
validate24.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data16)){
validate24.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs37 === errors;
}
else {
var valid3 = true;
}
if(valid3){
const proto0 = Object.getPrototypeOf(data2);
if(proto0 !== Object.prototype && proto0 !== null){
validate24.errors = [{instancePath:instancePath+"/config",schemaPath:"#/definitions/PolicyConfig/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/config",schemaPath:"#/definitions/PolicyConfig/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs6 === errors;
if(valid0){
if(data.output_mode !== undefined){
let data17 = data.output_mode;
const _errs39 = errors;
if(typeof data17 !== "string"){
validate24.errors = [{instancePath:instancePath+"/output_mode",schemaPath:"#/properties/output_mode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data17 === "tool_calls") || (data17 === "text")) || (data17 === "structured"))){
validate24.errors = [{instancePath:instancePath+"/output_mode",schemaPath:"#/properties/output_mode/enum",keyword:"enum",params:{allowedValues: schema28.properties.output_mode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs39 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.structured_config !== undefined){
let data18 = data.structured_config;
const _errs41 = errors;
if(errors === _errs41){
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.schema_name === undefined){
data18.schema_name = "response";
}
if(data18.strict === undefined){
data18.strict = true;
}
let missing0;
if((data18.schema === undefined) && (missing0 = "schema")){
validate24.errors = [{instancePath:instancePath+"/structured_config",schemaPath:"#/properties/structured_config/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs43 = errors;
for(const key1 in data18){
if(!(((key1 === "schema") || (key1 === "schema_name")) || (key1 === "strict"))){
delete data18[key1];
}
}
if(_errs43 === errors){
if(data18.schema !== undefined){
let data19 = data18.schema;
const _errs44 = errors;
if(errors === _errs44){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
const ctor0 = data19.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data19).length > 0){
validate24.errors = [{instancePath:instancePath+"/structured_config/schema",schemaPath:"#/properties/structured_config/properties/schema/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/structured_config/schema",schemaPath:"#/properties/structured_config/properties/schema/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs44 === errors;
}
else {
var valid4 = true;
}
if(valid4){
const _errs47 = errors;
if(typeof data18.schema_name !== "string"){
validate24.errors = [{instancePath:instancePath+"/structured_config/schema_name",schemaPath:"#/properties/structured_config/properties/schema_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid4 = _errs47 === errors;
if(valid4){
const _errs49 = errors;
if(typeof data18.strict !== "boolean"){
validate24.errors = [{instancePath:instancePath+"/structured_config/strict",schemaPath:"#/properties/structured_config/properties/strict/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid4 = _errs49 === errors;
if(valid4){
const proto1 = Object.getPrototypeOf(data18);
if(proto1 !== Object.prototype && proto1 !== null){
validate24.errors = [{instancePath:instancePath+"/structured_config",schemaPath:"#/properties/structured_config/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/structured_config",schemaPath:"#/properties/structured_config/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs41 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto2 = Object.getPrototypeOf(data);
if(proto2 !== Object.prototype && proto2 !== null){
validate24.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
else {
validate24.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate24.errors = vErrors;
return errors === 0;
}


function validate23(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.on_done === undefined){
data.on_done = "reset";
}
if(data.safety === undefined){
data.safety = {};
}
let missing0;
if((((data.trace_correlation_id === undefined) && (missing0 = "trace_correlation_id")) || ((data.env === undefined) && (missing0 = "env"))) || ((data.policy === undefined) && (missing0 = "policy"))){
validate23.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((key0 === "trace_correlation_id" || key0 === "env" || key0 === "policy" || key0 === "on_done" || key0 === "safety" || key0 === "training_session_id" || key0 === "synth_base_url" || key0 === "context_overrides" || key0 === "override_bundle_id"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.trace_correlation_id !== undefined){
let data0 = data.trace_correlation_id;
const _errs2 = errors;
if(errors === _errs2){
if(typeof data0 === "string"){
if(!pattern0.test(data0)){
validate23.errors = [{instancePath:instancePath+"/trace_correlation_id",schemaPath:"#/properties/trace_correlation_id/pattern",keyword:"pattern",params:{pattern: "[^\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]"},message:"must match pattern \""+"[^\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]"+"\""}];
return false;
}
}
else {
validate23.errors = [{instancePath:instancePath+"/trace_correlation_id",schemaPath:"#/properties/trace_correlation_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.env !== undefined){
let data1 = data.env;
const _errs4 = errors;
const _errs5 = errors;
if(errors === _errs5){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.config === undefined){
data1.config = {};
}
const _errs7 = errors;
for(const key1 in data1){
if(!((((key1 === "env_id") || (key1 === "env_name")) || (key1 === "config")) || (key1 === "seed"))){
delete data1[key1];
}
}
if(_errs7 === errors){
if(data1.env_id !== undefined){
let data2 = data1.env_id;
const _errs8 = errors;
if((typeof data2 !== "string") && (data2 !== null)){
validate23.errors = [{instancePath:instancePath+"/env/env_id",schemaPath:"#/definitions/RolloutEnvSpec/properties/env_id/type",keyword:"type",params:{type: schema27.properties.env_id.type},message:"must be string,null"}];
return false;
}
var valid2 = _errs8 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.env_name !== undefined){
let data3 = data1.env_name;
const _errs10 = errors;
if((typeof data3 !== "string") && (data3 !== null)){
validate23.errors = [{instancePath:instancePath+"/env/env_name",schemaPath:"#/definitions/RolloutEnvSpec/properties/env_name/type",keyword:"type",params:{type: schema27.properties.env_name.type},message:"must be string,null"}];
return false;
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
let data4 = data1.config;
const _errs12 = errors;
if(errors === _errs12){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
const ctor0 = data4.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data4).length > 0){
validate23.errors = [{instancePath:instancePath+"/env/config",schemaPath:"#/definitions/RolloutEnvSpec/properties/config/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate23.errors = [{instancePath:instancePath+"/env/config",schemaPath:"#/definitions/RolloutEnvSpec/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid2 = _errs12 === errors;
if(valid2){
if(data1.seed !== undefined){
let data5 = data1.seed;
const _errs15 = errors;
const _errs16 = errors;
let valid3 = true;
const _errs17 = errors;
var _valid0 = data5 === null;
errors = _errs16;
if(vErrors !== null){
if(_errs16){
vErrors.length = _errs16;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs19 = errors;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
validate23.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs19){
if(typeof data5 == "number"){
if(data5 > 9007199254740991 || isNaN(data5)){
validate23.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data5 < -9007199254740991 || isNaN(data5)){
validate23.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data5)){
validate23.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs19 === errors;
valid3 = _valid0;
}
if(!valid3){
const err1 = {instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate23.errors = vErrors;
return false;
}
var valid2 = _errs15 === errors;
}
else {
var valid2 = true;
}
if(valid2){
const proto0 = Object.getPrototypeOf(data1);
if(proto0 !== Object.prototype && proto0 !== null){
validate23.errors = [{instancePath:instancePath+"/env",schemaPath:"#/definitions/RolloutEnvSpec/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
else {
validate23.errors = [{instancePath:instancePath+"/env",schemaPath:"#/definitions/RolloutEnvSpec/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy !== undefined){
const _errs21 = errors;
if(!(validate24(data.policy, instancePath+"/policy", data, "policy", rootData))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const _errs22 = errors;
if(typeof data.on_done !== "string"){
validate23.errors = [{instancePath:instancePath+"/on_done",schemaPath:"#/properties/on_done/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs22 === errors;
if(valid0){
let data8 = data.safety;
const _errs24 = errors;
const _errs26 = errors;
if(errors === _errs26){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.max_time_s === undefined){
data8.max_time_s = 3600;
}
if(data8.allow_network === undefined){
data8.allow_network = true;
}
const _errs28 = errors;
for(const key2 in data8){
if(!(((key2 === "max_time_s") || (key2 === "max_memory_mb")) || (key2 === "allow_network"))){
delete data8[key2];
}
}
if(_errs28 === errors){
let data9 = data8.max_time_s;
const _errs29 = errors;
if(!((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9)))){
validate23.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_time_s/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs29){
if(typeof data9 == "number"){
if(data9 > 9007199254740991 || isNaN(data9)){
validate23.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_time_s/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data9 <= 0 || isNaN(data9)){
validate23.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_time_s/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data9)){
validate23.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_time_s/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid6 = _errs29 === errors;
if(valid6){
if(data8.max_memory_mb !== undefined){
let data10 = data8.max_memory_mb;
const _errs31 = errors;
const _errs32 = errors;
let valid7 = true;
const _errs33 = errors;
var _valid1 = data10 === null;
errors = _errs32;
if(vErrors !== null){
if(_errs32){
vErrors.length = _errs32;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs35 = errors;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
validate23.errors = [{instancePath:instancePath+"/safety/max_memory_mb",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_memory_mb/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs35){
if(typeof data10 == "number"){
if(data10 > 9007199254740991 || isNaN(data10)){
validate23.errors = [{instancePath:instancePath+"/safety/max_memory_mb",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_memory_mb/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 < -9007199254740991 || isNaN(data10)){
validate23.errors = [{instancePath:instancePath+"/safety/max_memory_mb",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_memory_mb/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data10)){
validate23.errors = [{instancePath:instancePath+"/safety/max_memory_mb",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_memory_mb/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid1 = _errs35 === errors;
valid7 = _valid1;
}
if(!valid7){
const err3 = {instancePath:instancePath+"/safety/max_memory_mb",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_memory_mb/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate23.errors = vErrors;
return false;
}
var valid6 = _errs31 === errors;
}
else {
var valid6 = true;
}
if(valid6){
const _errs37 = errors;
if(typeof data8.allow_network !== "boolean"){
validate23.errors = [{instancePath:instancePath+"/safety/allow_network",schemaPath:"#/definitions/ContainerSafetyConfig/properties/allow_network/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid6 = _errs37 === errors;
if(valid6){
const proto1 = Object.getPrototypeOf(data8);
if(proto1 !== Object.prototype && proto1 !== null){
validate23.errors = [{instancePath:instancePath+"/safety",schemaPath:"#/definitions/ContainerSafetyConfig/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
else {
validate23.errors = [{instancePath:instancePath+"/safety",schemaPath:"#/definitions/ContainerSafetyConfig/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs24 === errors;
if(valid0){
if(data.training_session_id !== undefined){
let data12 = data.training_session_id;
const _errs39 = errors;
if((typeof data12 !== "string") && (data12 !== null)){
validate23.errors = [{instancePath:instancePath+"/training_session_id",schemaPath:"#/properties/training_session_id/type",keyword:"type",params:{type: schema26.properties.training_session_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs39 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.synth_base_url !== undefined){
let data13 = data.synth_base_url;
const _errs41 = errors;
if((typeof data13 !== "string") && (data13 !== null)){
validate23.errors = [{instancePath:instancePath+"/synth_base_url",schemaPath:"#/properties/synth_base_url/type",keyword:"type",params:{type: schema26.properties.synth_base_url.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs41 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.context_overrides !== undefined){
let data14 = data.context_overrides;
const _errs43 = errors;
if((!(Array.isArray(data14))) && (data14 !== null)){
validate23.errors = [{instancePath:instancePath+"/context_overrides",schemaPath:"#/properties/context_overrides/type",keyword:"type",params:{type: schema26.properties.context_overrides.type},message:"must be array,null"}];
return false;
}
if(errors === _errs43){
if(Array.isArray(data14)){
var valid8 = true;
const len0 = data14.length;
for(let i0=0; i0<len0; i0++){
let data15 = data14[i0];
const _errs45 = errors;
const _errs46 = errors;
if(errors === _errs46){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.file_artifacts === undefined){
data15.file_artifacts = {};
}
if(data15.env_vars === undefined){
data15.env_vars = {};
}
const _errs48 = errors;
for(const key3 in data15){
if(!((((((((key3 === "file_artifacts") || (key3 === "preflight_script")) || (key3 === "env_vars")) || (key3 === "mutation_type")) || (key3 === "created_at")) || (key3 === "override_id")) || (key3 === "source")) || (key3 === "priority"))){
delete data15[key3];
}
}
if(_errs48 === errors){
let data16 = data15.file_artifacts;
const _errs49 = errors;
if(errors === _errs49){
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
const _errs51 = errors;
for(const key4 in data16){
const _errs52 = errors;
if(typeof data16[key4] !== "string"){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/file_artifacts/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/ContextOverride/properties/file_artifacts/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid11 = _errs52 === errors;
if(!valid11){
break;
}
}
if(_errs51 === errors){
const ctor1 = data16.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data16).length > 0){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/file_artifacts",schemaPath:"#/definitions/ContextOverride/properties/file_artifacts/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
}
else {
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/file_artifacts",schemaPath:"#/definitions/ContextOverride/properties/file_artifacts/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid10 = _errs49 === errors;
if(valid10){
if(data15.preflight_script !== undefined){
let data18 = data15.preflight_script;
const _errs54 = errors;
if((typeof data18 !== "string") && (data18 !== null)){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/preflight_script",schemaPath:"#/definitions/ContextOverride/properties/preflight_script/type",keyword:"type",params:{type: schema31.properties.preflight_script.type},message:"must be string,null"}];
return false;
}
var valid10 = _errs54 === errors;
}
else {
var valid10 = true;
}
if(valid10){
let data19 = data15.env_vars;
const _errs56 = errors;
if(errors === _errs56){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
const _errs58 = errors;
for(const key5 in data19){
const _errs59 = errors;
if(typeof data19[key5] !== "string"){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/env_vars/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/ContextOverride/properties/env_vars/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid12 = _errs59 === errors;
if(!valid12){
break;
}
}
if(_errs58 === errors){
const ctor2 = data19.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data19).length > 0){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/env_vars",schemaPath:"#/definitions/ContextOverride/properties/env_vars/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
}
else {
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/env_vars",schemaPath:"#/definitions/ContextOverride/properties/env_vars/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid10 = _errs56 === errors;
if(valid10){
if(data15.mutation_type !== undefined){
let data21 = data15.mutation_type;
const _errs61 = errors;
if((typeof data21 !== "string") && (data21 !== null)){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/mutation_type",schemaPath:"#/definitions/ContextOverride/properties/mutation_type/type",keyword:"type",params:{type: schema31.properties.mutation_type.type},message:"must be string,null"}];
return false;
}
var valid10 = _errs61 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data15.created_at !== undefined){
let data22 = data15.created_at;
const _errs63 = errors;
if((typeof data22 !== "string") && (data22 !== null)){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/created_at",schemaPath:"#/definitions/ContextOverride/properties/created_at/type",keyword:"type",params:{type: schema31.properties.created_at.type},message:"must be string,null"}];
return false;
}
var valid10 = _errs63 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data15.override_id !== undefined){
let data23 = data15.override_id;
const _errs65 = errors;
if((typeof data23 !== "string") && (data23 !== null)){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/override_id",schemaPath:"#/definitions/ContextOverride/properties/override_id/type",keyword:"type",params:{type: schema31.properties.override_id.type},message:"must be string,null"}];
return false;
}
var valid10 = _errs65 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data15.source !== undefined){
let data24 = data15.source;
const _errs67 = errors;
if((typeof data24 !== "string") && (data24 !== null)){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/source",schemaPath:"#/definitions/ContextOverride/properties/source/type",keyword:"type",params:{type: schema31.properties.source.type},message:"must be string,null"}];
return false;
}
var valid10 = _errs67 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data15.priority !== undefined){
let data25 = data15.priority;
const _errs69 = errors;
const _errs70 = errors;
let valid13 = true;
const _errs71 = errors;
var _valid2 = data25 === null;
errors = _errs70;
if(vErrors !== null){
if(_errs70){
vErrors.length = _errs70;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs73 = errors;
if(!((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25)))){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/priority",schemaPath:"#/definitions/ContextOverride/properties/priority/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs73){
if(typeof data25 == "number"){
if(data25 > 9007199254740991 || isNaN(data25)){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/priority",schemaPath:"#/definitions/ContextOverride/properties/priority/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data25 < -9007199254740991 || isNaN(data25)){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/priority",schemaPath:"#/definitions/ContextOverride/properties/priority/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data25)){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/priority",schemaPath:"#/definitions/ContextOverride/properties/priority/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid2 = _errs73 === errors;
valid13 = _valid2;
}
if(!valid13){
const err5 = {instancePath:instancePath+"/context_overrides/" + i0+"/priority",schemaPath:"#/definitions/ContextOverride/properties/priority/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate23.errors = vErrors;
return false;
}
var valid10 = _errs69 === errors;
}
else {
var valid10 = true;
}
if(valid10){
const proto2 = Object.getPrototypeOf(data15);
if(proto2 !== Object.prototype && proto2 !== null){
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0,schemaPath:"#/definitions/ContextOverride/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
else {
validate23.errors = [{instancePath:instancePath+"/context_overrides/" + i0,schemaPath:"#/definitions/ContextOverride/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid8 = _errs45 === errors;
if(!valid8){
break;
}
}
}
}
var valid0 = _errs43 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.override_bundle_id !== undefined){
let data26 = data.override_bundle_id;
const _errs75 = errors;
if((typeof data26 !== "string") && (data26 !== null)){
validate23.errors = [{instancePath:instancePath+"/override_bundle_id",schemaPath:"#/properties/override_bundle_id/type",keyword:"type",params:{type: schema26.properties.override_bundle_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs75 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto3 = Object.getPrototypeOf(data);
if(proto3 !== Object.prototype && proto3 !== null){
validate23.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate23.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate23.errors = vErrors;
return errors === 0;
}

export const validateRolloutResult = validate26;
const schema32 = {"type":"object","properties":{"run_id":{"type":"string"},"trajectories":{"default":[],"type":"array","items":{"$ref":"#/definitions/RolloutTrajectory"}},"branches":{"default":{},"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}},"plainRecord":true},"metrics":{"$ref":"#/definitions/RolloutMetrics"},"aborted":{"default":false,"type":"boolean"},"ops_executed":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"trace":{"if":{"type":"null"},"else":{"$ref":"#/definitions/Trace"}},"trace_correlation_id":{"type":["string","null"]},"pipeline_metadata":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true},"outcome_reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"event_rewards":{"type":["array","null"],"items":{"type":"number","finite":true}},"outcome_objectives":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{"type":"number","finite":true},"plainRecord":true}},"event_objectives":{"type":["array","null"],"items":{"type":"object","additionalProperties":{"type":"number","finite":true},"plainRecord":true}},"instance_objectives":{"type":["array","null"],"items":{"type":"object","additionalProperties":{"type":"number","finite":true},"plainRecord":true}},"artifact":{"type":["array","null"],"items":{"$ref":"#/definitions/Artifact"}},"success_status":{"if":{"type":"null"},"else":{"$ref":"#/definitions/SuccessStatus"}},"status_detail":{"type":["string","null"]},"override_application_results":{"type":["array","null"],"items":{"$ref":"#/definitions/ContextOverrideStatus"}}},"required":["run_id","metrics"],"additionalProperties":false,"plainObject":true,"definitions":{"RolloutResult":{"type":"object","properties":{"run_id":{"type":"string"},"trajectories":{"default":[],"type":"array","items":{"$ref":"#/definitions/RolloutTrajectory"}},"branches":{"default":{},"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}},"plainRecord":true},"metrics":{"$ref":"#/definitions/RolloutMetrics"},"aborted":{"default":false,"type":"boolean"},"ops_executed":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"trace":{"if":{"type":"null"},"else":{"$ref":"#/definitions/Trace"}},"trace_correlation_id":{"type":["string","null"]},"pipeline_metadata":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true},"outcome_reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"event_rewards":{"type":["array","null"],"items":{"type":"number","finite":true}},"outcome_objectives":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{"type":"number","finite":true},"plainRecord":true}},"event_objectives":{"type":["array","null"],"items":{"type":"object","additionalProperties":{"type":"number","finite":true},"plainRecord":true}},"instance_objectives":{"type":["array","null"],"items":{"type":"object","additionalProperties":{"type":"number","finite":true},"plainRecord":true}},"artifact":{"type":["array","null"],"items":{"$ref":"#/definitions/Artifact"}},"success_status":{"if":{"type":"null"},"else":{"$ref":"#/definitions/SuccessStatus"}},"status_detail":{"type":["string","null"]},"override_application_results":{"type":["array","null"],"items":{"$ref":"#/definitions/ContextOverrideStatus"}}},"required":["run_id","metrics"],"additionalProperties":false,"plainObject":true},"RolloutTrajectory":{"type":"object","properties":{"env_id":{"type":"string"},"policy_id":{"type":"string"},"steps":{"type":"array","items":{"$ref":"#/definitions/RolloutStep"}},"final":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"length":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"inference_url":{"default":"","type":"string"},"decision_samples":{"type":["array","null"],"items":{"type":"object","additionalProperties":{},"plainRecord":true}}},"required":["env_id","policy_id","steps","length"],"additionalProperties":false,"plainObject":true},"RolloutStep":{"type":"object","properties":{"obs":{"type":"object","additionalProperties":{},"plainRecord":true},"tool_calls":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"done":{"default":false,"type":"boolean"},"truncated":{"type":["boolean","null"]},"info":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}}},"required":["obs","tool_calls"],"additionalProperties":false,"plainObject":true},"RolloutMetrics":{"type":"object","properties":{"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"num_episodes":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"outcome_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"events_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"details":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true}},"required":["episode_returns","mean_return","num_steps"],"additionalProperties":false,"plainObject":true},"Trace":{"anyOf":[{"$ref":"#/definitions/TraceEnvelopeV3"},{"$ref":"#/definitions/FullTrace"},{"$ref":"#/definitions/CompactTrace"},{"type":"object","additionalProperties":{},"plainRecord":true}]},"TraceEnvelopeV3":{"type":"object","properties":{"version":{"type":"number","const":3},"session_trace":{"$ref":"#/definitions/FullTrace"},"run_id":{"type":"string"},"policy_id":{"type":["string","null"]},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true}},"required":["version","session_trace"],"additionalProperties":{},"plainObject":true},"FullTrace":{"type":"object","properties":{"session_id":{"type":"string"},"created_at":{},"session_time_steps":{"type":"array","items":{"$ref":"#/definitions/SessionTimeStep"}},"event_history":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"markov_blanket_message_history":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"session_metadata":{}},"required":["session_id","session_time_steps"],"additionalProperties":{},"plainObject":true},"SessionTimeStep":{"type":"object","properties":{"step_id":{"type":"string"},"step_index":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true},"timestamp":{},"turn_number":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"events":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"markov_blanket_messages":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"step_metadata":{"type":"object","additionalProperties":{},"plainRecord":true}},"required":["step_id","step_index"],"additionalProperties":{},"plainObject":true},"CompactTrace":{"type":"object","properties":{"session_id":{"type":"string"},"created_at":{"type":"string"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"events_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"messages_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"lm_calls":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"decision_rewards":{"type":"array","items":{"anyOf":[{"type":"number","finite":true},{"type":"object","additionalProperties":{},"plainRecord":true}]}}},"required":["session_id"],"additionalProperties":{},"plainObject":true},"Artifact":{"type":"object","properties":{"content":{"anyOf":[{"type":"string"},{"type":"object","additionalProperties":{},"plainRecord":true}]},"content_type":{"type":["string","null"]},"metadata":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true},"artifact_id":{"type":["string","null"]},"trace_correlation_id":{"type":["string","null"]},"size_bytes":{"if":{"type":"null"},"else":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true}},"sha256":{"type":["string","null"]},"storage":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"created_at":{"type":["string","null"]},"name":{"type":["string","null"]},"description":{"type":["string","null"]}},"required":["content"],"additionalProperties":false,"plainObject":true},"SuccessStatus":{"type":"string","enum":["success","timeout","network_error","apply_failed","runtime_error","failure"]},"ContextOverrideStatus":{"type":"object","properties":{"override_id":{"type":["string","null"]},"overall_status":{"type":"string","enum":["applied","partial","failed","skipped"]},"errors":{"default":[],"type":"array","items":{"type":"object","properties":{"error_type":{"type":"string","enum":["validation","path_traversal","permission","size_limit","timeout","runtime","not_found","unknown"]},"message":{"type":"string"},"target":{"type":["string","null"]},"details":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true}},"required":["error_type","message"],"additionalProperties":false,"plainObject":true}},"error_type":{"if":{"type":"null"},"else":{"type":"string","enum":["validation","path_traversal","permission","size_limit","timeout","runtime","not_found","unknown"]}},"error_message":{"type":["string","null"]},"file_artifacts":{"default":{},"type":"object","additionalProperties":{"type":"object","additionalProperties":{},"plainRecord":true},"plainRecord":true},"preflight_script":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"env_vars":{"default":{},"type":"object","additionalProperties":{"type":"object","additionalProperties":{},"plainRecord":true},"plainRecord":true}},"required":["overall_status"],"additionalProperties":false,"plainObject":true}}};
const schema35 = {"type":"object","properties":{"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"num_episodes":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"outcome_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"events_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"details":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true}},"required":["episode_returns","mean_return","num_steps"],"additionalProperties":false,"plainObject":true};
const schema41 = {"type":"object","properties":{"content":{"anyOf":[{"type":"string"},{"type":"object","additionalProperties":{},"plainRecord":true}]},"content_type":{"type":["string","null"]},"metadata":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true},"artifact_id":{"type":["string","null"]},"trace_correlation_id":{"type":["string","null"]},"size_bytes":{"if":{"type":"null"},"else":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true}},"sha256":{"type":["string","null"]},"storage":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"created_at":{"type":["string","null"]},"name":{"type":["string","null"]},"description":{"type":["string","null"]}},"required":["content"],"additionalProperties":false,"plainObject":true};
const schema42 = {"type":"string","enum":["success","timeout","network_error","apply_failed","runtime_error","failure"]};
const schema43 = {"type":"object","properties":{"override_id":{"type":["string","null"]},"overall_status":{"type":"string","enum":["applied","partial","failed","skipped"]},"errors":{"default":[],"type":"array","items":{"type":"object","properties":{"error_type":{"type":"string","enum":["validation","path_traversal","permission","size_limit","timeout","runtime","not_found","unknown"]},"message":{"type":"string"},"target":{"type":["string","null"]},"details":{"default":{},"type":"object","additionalProperties":{},"plainRecord":true}},"required":["error_type","message"],"additionalProperties":false,"plainObject":true}},"error_type":{"if":{"type":"null"},"else":{"type":"string","enum":["validation","path_traversal","permission","size_limit","timeout","runtime","not_found","unknown"]}},"error_message":{"type":["string","null"]},"file_artifacts":{"default":{},"type":"object","additionalProperties":{"type":"object","additionalProperties":{},"plainRecord":true},"plainRecord":true},"preflight_script":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"env_vars":{"default":{},"type":"object","additionalProperties":{"type":"object","additionalProperties":{},"plainRecord":true},"plainRecord":true}},"required":["overall_status"],"additionalProperties":false,"plainObject":true};
const schema33 = {"type":"object","properties":{"env_id":{"type":"string"},"policy_id":{"type":"string"},"steps":{"type":"array","items":{"$ref":"#/definitions/RolloutStep"}},"final":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"length":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"inference_url":{"default":"","type":"string"},"decision_samples":{"type":["array","null"],"items":{"type":"object","additionalProperties":{},"plainRecord":true}}},"required":["env_id","policy_id","steps","length"],"additionalProperties":false,"plainObject":true};
const schema34 = {"type":"object","properties":{"obs":{"type":"object","additionalProperties":{},"plainRecord":true},"tool_calls":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"done":{"default":false,"type":"boolean"},"truncated":{"type":["boolean","null"]},"info":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}}},"required":["obs","tool_calls"],"additionalProperties":false,"plainObject":true};

function validate27(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.inference_url === undefined){
data.inference_url = "";
}
let missing0;
if(((((data.env_id === undefined) && (missing0 = "env_id")) || ((data.policy_id === undefined) && (missing0 = "policy_id"))) || ((data.steps === undefined) && (missing0 = "steps"))) || ((data.length === undefined) && (missing0 = "length"))){
validate27.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((((((key0 === "env_id") || (key0 === "policy_id")) || (key0 === "steps")) || (key0 === "final")) || (key0 === "length")) || (key0 === "inference_url")) || (key0 === "decision_samples"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.env_id !== undefined){
const _errs2 = errors;
if(typeof data.env_id !== "string"){
validate27.errors = [{instancePath:instancePath+"/env_id",schemaPath:"#/properties/env_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy_id !== undefined){
const _errs4 = errors;
if(typeof data.policy_id !== "string"){
validate27.errors = [{instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.steps !== undefined){
let data2 = data.steps;
const _errs6 = errors;
if(errors === _errs6){
if(Array.isArray(data2)){
var valid1 = true;
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
const _errs8 = errors;
const _errs9 = errors;
if(errors === _errs9){
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.done === undefined){
data3.done = false;
}
let missing1;
if(((data3.obs === undefined) && (missing1 = "obs")) || ((data3.tool_calls === undefined) && (missing1 = "tool_calls"))){
validate27.errors = [{instancePath:instancePath+"/steps/" + i0,schemaPath:"#/definitions/RolloutStep/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs11 = errors;
for(const key1 in data3){
if(!((((((key1 === "obs") || (key1 === "tool_calls")) || (key1 === "reward")) || (key1 === "done")) || (key1 === "truncated")) || (key1 === "info"))){
delete data3[key1];
}
}
if(_errs11 === errors){
if(data3.obs !== undefined){
let data4 = data3.obs;
const _errs12 = errors;
if(errors === _errs12){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
const ctor0 = data4.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data4).length > 0){
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/obs",schemaPath:"#/definitions/RolloutStep/properties/obs/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/obs",schemaPath:"#/definitions/RolloutStep/properties/obs/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data3.tool_calls !== undefined){
let data5 = data3.tool_calls;
const _errs15 = errors;
if(errors === _errs15){
if(Array.isArray(data5)){
var valid4 = true;
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data6 = data5[i1];
const _errs17 = errors;
if(errors === _errs17){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
const ctor1 = data6.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data6).length > 0){
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/tool_calls/" + i1,schemaPath:"#/definitions/RolloutStep/properties/tool_calls/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/tool_calls/" + i1,schemaPath:"#/definitions/RolloutStep/properties/tool_calls/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs17 === errors;
if(!valid4){
break;
}
}
}
else {
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/tool_calls",schemaPath:"#/definitions/RolloutStep/properties/tool_calls/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs15 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data3.reward !== undefined){
let data7 = data3.reward;
const _errs20 = errors;
const _errs21 = errors;
let valid5 = true;
const _errs22 = errors;
var _valid0 = data7 === null;
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs24 = errors;
if(errors === _errs24){
if(typeof data7 == "number"){
if(!isFinite(data7)){
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/reward",schemaPath:"#/definitions/RolloutStep/properties/reward/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/reward",schemaPath:"#/definitions/RolloutStep/properties/reward/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid0 = _errs24 === errors;
valid5 = _valid0;
}
if(!valid5){
const err1 = {instancePath:instancePath+"/steps/" + i0+"/reward",schemaPath:"#/definitions/RolloutStep/properties/reward/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate27.errors = vErrors;
return false;
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
if(valid3){
const _errs26 = errors;
if(typeof data3.done !== "boolean"){
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/done",schemaPath:"#/definitions/RolloutStep/properties/done/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs26 === errors;
if(valid3){
if(data3.truncated !== undefined){
let data9 = data3.truncated;
const _errs28 = errors;
if((typeof data9 !== "boolean") && (data9 !== null)){
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/truncated",schemaPath:"#/definitions/RolloutStep/properties/truncated/type",keyword:"type",params:{type: schema34.properties.truncated.type},message:"must be boolean,null"}];
return false;
}
var valid3 = _errs28 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data3.info !== undefined){
let data10 = data3.info;
const _errs30 = errors;
const _errs31 = errors;
let valid6 = true;
const _errs32 = errors;
var _valid1 = data10 === null;
errors = _errs31;
if(vErrors !== null){
if(_errs31){
vErrors.length = _errs31;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs34 = errors;
if(errors === _errs34){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
const ctor2 = data10.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data10).length > 0){
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/info",schemaPath:"#/definitions/RolloutStep/properties/info/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate27.errors = [{instancePath:instancePath+"/steps/" + i0+"/info",schemaPath:"#/definitions/RolloutStep/properties/info/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid1 = _errs34 === errors;
valid6 = _valid1;
}
if(!valid6){
const err3 = {instancePath:instancePath+"/steps/" + i0+"/info",schemaPath:"#/definitions/RolloutStep/properties/info/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate27.errors = vErrors;
return false;
}
var valid3 = _errs30 === errors;
}
else {
var valid3 = true;
}
if(valid3){
const proto0 = Object.getPrototypeOf(data3);
if(proto0 !== Object.prototype && proto0 !== null){
validate27.errors = [{instancePath:instancePath+"/steps/" + i0,schemaPath:"#/definitions/RolloutStep/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
else {
validate27.errors = [{instancePath:instancePath+"/steps/" + i0,schemaPath:"#/definitions/RolloutStep/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs8 === errors;
if(!valid1){
break;
}
}
}
else {
validate27.errors = [{instancePath:instancePath+"/steps",schemaPath:"#/properties/steps/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.final !== undefined){
let data11 = data.final;
const _errs37 = errors;
const _errs38 = errors;
let valid7 = true;
const _errs39 = errors;
var _valid2 = data11 === null;
errors = _errs38;
if(vErrors !== null){
if(_errs38){
vErrors.length = _errs38;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs41 = errors;
if(errors === _errs41){
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
const ctor3 = data11.constructor;
if(ctor3 !== Object && typeof ctor3 == "function" && !(typeof ctor3.prototype == "object" && ctor3.prototype !== null && Object.prototype.hasOwnProperty.call(ctor3.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data11).length > 0){
validate27.errors = [{instancePath:instancePath+"/final",schemaPath:"#/properties/final/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate27.errors = [{instancePath:instancePath+"/final",schemaPath:"#/properties/final/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid2 = _errs41 === errors;
valid7 = _valid2;
}
if(!valid7){
const err5 = {instancePath:instancePath+"/final",schemaPath:"#/properties/final/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate27.errors = vErrors;
return false;
}
var valid0 = _errs37 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.length !== undefined){
let data12 = data.length;
const _errs44 = errors;
if(!((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12)))){
validate27.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs44){
if(typeof data12 == "number"){
if(data12 > 9007199254740991 || isNaN(data12)){
validate27.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data12 < 0 || isNaN(data12)){
validate27.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data12)){
validate27.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid0 = _errs44 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const _errs46 = errors;
if(typeof data.inference_url !== "string"){
validate27.errors = [{instancePath:instancePath+"/inference_url",schemaPath:"#/properties/inference_url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs46 === errors;
if(valid0){
if(data.decision_samples !== undefined){
let data14 = data.decision_samples;
const _errs48 = errors;
if((!(Array.isArray(data14))) && (data14 !== null)){
validate27.errors = [{instancePath:instancePath+"/decision_samples",schemaPath:"#/properties/decision_samples/type",keyword:"type",params:{type: schema33.properties.decision_samples.type},message:"must be array,null"}];
return false;
}
if(errors === _errs48){
if(Array.isArray(data14)){
var valid8 = true;
const len2 = data14.length;
for(let i2=0; i2<len2; i2++){
let data15 = data14[i2];
const _errs50 = errors;
if(errors === _errs50){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
const ctor4 = data15.constructor;
if(ctor4 !== Object && typeof ctor4 == "function" && !(typeof ctor4.prototype == "object" && ctor4.prototype !== null && Object.prototype.hasOwnProperty.call(ctor4.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data15).length > 0){
validate27.errors = [{instancePath:instancePath+"/decision_samples/" + i2,schemaPath:"#/properties/decision_samples/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate27.errors = [{instancePath:instancePath+"/decision_samples/" + i2,schemaPath:"#/properties/decision_samples/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid8 = _errs50 === errors;
if(!valid8){
break;
}
}
}
}
var valid0 = _errs48 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto1 = Object.getPrototypeOf(data);
if(proto1 !== Object.prototype && proto1 !== null){
validate27.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
else {
validate27.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate27.errors = vErrors;
return errors === 0;
}

const schema36 = {"anyOf":[{"$ref":"#/definitions/TraceEnvelopeV3"},{"$ref":"#/definitions/FullTrace"},{"$ref":"#/definitions/CompactTrace"},{"type":"object","additionalProperties":{},"plainRecord":true}]};
const schema40 = {"type":"object","properties":{"session_id":{"type":"string"},"created_at":{"type":"string"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"events_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"messages_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"lm_calls":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"decision_rewards":{"type":"array","items":{"anyOf":[{"type":"number","finite":true},{"type":"object","additionalProperties":{},"plainRecord":true}]}}},"required":["session_id"],"additionalProperties":{},"plainObject":true};
const schema37 = {"type":"object","properties":{"version":{"type":"number","const":3},"session_trace":{"$ref":"#/definitions/FullTrace"},"run_id":{"type":"string"},"policy_id":{"type":["string","null"]},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true}},"required":["version","session_trace"],"additionalProperties":{},"plainObject":true};
const schema38 = {"type":"object","properties":{"session_id":{"type":"string"},"created_at":{},"session_time_steps":{"type":"array","items":{"$ref":"#/definitions/SessionTimeStep"}},"event_history":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"markov_blanket_message_history":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"session_metadata":{}},"required":["session_id","session_time_steps"],"additionalProperties":{},"plainObject":true};
const schema39 = {"type":"object","properties":{"step_id":{"type":"string"},"step_index":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true},"timestamp":{},"turn_number":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"events":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"markov_blanket_messages":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"step_metadata":{"type":"object","additionalProperties":{},"plainRecord":true}},"required":["step_id","step_index"],"additionalProperties":{},"plainObject":true};

function validate31(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.session_id === undefined) && (missing0 = "session_id")) || ((data.session_time_steps === undefined) && (missing0 = "session_time_steps"))){
validate31.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.session_id !== undefined){
const _errs2 = errors;
if(typeof data.session_id !== "string"){
validate31.errors = [{instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session_time_steps !== undefined){
let data1 = data.session_time_steps;
const _errs4 = errors;
if(errors === _errs4){
if(Array.isArray(data1)){
var valid1 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
const _errs7 = errors;
if(errors === _errs7){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if(((data2.step_id === undefined) && (missing1 = "step_id")) || ((data2.step_index === undefined) && (missing1 = "step_index"))){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0,schemaPath:"#/definitions/SessionTimeStep/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data2.step_id !== undefined){
const _errs10 = errors;
if(typeof data2.step_id !== "string"){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_id",schemaPath:"#/definitions/SessionTimeStep/properties/step_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs10 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.step_index !== undefined){
let data4 = data2.step_index;
const _errs12 = errors;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs12){
if(typeof data4 == "number"){
if(data4 > 9007199254740991 || isNaN(data4)){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data4 < -9007199254740991 || isNaN(data4)){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data4)){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.turn_number !== undefined){
let data5 = data2.turn_number;
const _errs14 = errors;
const _errs15 = errors;
let valid4 = true;
const _errs16 = errors;
var _valid0 = data5 === null;
errors = _errs15;
if(vErrors !== null){
if(_errs15){
vErrors.length = _errs15;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs18 = errors;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs18){
if(typeof data5 == "number"){
if(data5 > 9007199254740991 || isNaN(data5)){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data5 < -9007199254740991 || isNaN(data5)){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data5)){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs18 === errors;
valid4 = _valid0;
}
if(!valid4){
const err1 = {instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate31.errors = vErrors;
return false;
}
var valid3 = _errs14 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.events !== undefined){
let data6 = data2.events;
const _errs20 = errors;
if(errors === _errs20){
if(Array.isArray(data6)){
var valid5 = true;
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
let data7 = data6[i1];
const _errs22 = errors;
if(errors === _errs22){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
const ctor0 = data7.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data7).length > 0){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/events/" + i1,schemaPath:"#/definitions/SessionTimeStep/properties/events/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/events/" + i1,schemaPath:"#/definitions/SessionTimeStep/properties/events/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid5 = _errs22 === errors;
if(!valid5){
break;
}
}
}
else {
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/events",schemaPath:"#/definitions/SessionTimeStep/properties/events/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.markov_blanket_messages !== undefined){
let data8 = data2.markov_blanket_messages;
const _errs25 = errors;
if(errors === _errs25){
if(Array.isArray(data8)){
var valid6 = true;
const len2 = data8.length;
for(let i2=0; i2<len2; i2++){
let data9 = data8[i2];
const _errs27 = errors;
if(errors === _errs27){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
const ctor1 = data9.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data9).length > 0){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/markov_blanket_messages/" + i2,schemaPath:"#/definitions/SessionTimeStep/properties/markov_blanket_messages/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/markov_blanket_messages/" + i2,schemaPath:"#/definitions/SessionTimeStep/properties/markov_blanket_messages/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid6 = _errs27 === errors;
if(!valid6){
break;
}
}
}
else {
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/markov_blanket_messages",schemaPath:"#/definitions/SessionTimeStep/properties/markov_blanket_messages/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs25 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.step_metadata !== undefined){
let data10 = data2.step_metadata;
const _errs30 = errors;
if(errors === _errs30){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
const ctor2 = data10.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data10).length > 0){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_metadata",schemaPath:"#/definitions/SessionTimeStep/properties/step_metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_metadata",schemaPath:"#/definitions/SessionTimeStep/properties/step_metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid3 = _errs30 === errors;
}
else {
var valid3 = true;
}
if(valid3){
const proto0 = Object.getPrototypeOf(data2);
if(proto0 !== Object.prototype && proto0 !== null){
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0,schemaPath:"#/definitions/SessionTimeStep/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
else {
validate31.errors = [{instancePath:instancePath+"/session_time_steps/" + i0,schemaPath:"#/definitions/SessionTimeStep/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs6 === errors;
if(!valid1){
break;
}
}
}
else {
validate31.errors = [{instancePath:instancePath+"/session_time_steps",schemaPath:"#/properties/session_time_steps/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_history !== undefined){
let data11 = data.event_history;
const _errs33 = errors;
if(errors === _errs33){
if(Array.isArray(data11)){
var valid7 = true;
const len3 = data11.length;
for(let i3=0; i3<len3; i3++){
let data12 = data11[i3];
const _errs35 = errors;
if(errors === _errs35){
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
const ctor3 = data12.constructor;
if(ctor3 !== Object && typeof ctor3 == "function" && !(typeof ctor3.prototype == "object" && ctor3.prototype !== null && Object.prototype.hasOwnProperty.call(ctor3.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data12).length > 0){
validate31.errors = [{instancePath:instancePath+"/event_history/" + i3,schemaPath:"#/properties/event_history/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate31.errors = [{instancePath:instancePath+"/event_history/" + i3,schemaPath:"#/properties/event_history/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid7 = _errs35 === errors;
if(!valid7){
break;
}
}
}
else {
validate31.errors = [{instancePath:instancePath+"/event_history",schemaPath:"#/properties/event_history/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs33 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.markov_blanket_message_history !== undefined){
let data13 = data.markov_blanket_message_history;
const _errs38 = errors;
if(errors === _errs38){
if(Array.isArray(data13)){
var valid8 = true;
const len4 = data13.length;
for(let i4=0; i4<len4; i4++){
let data14 = data13[i4];
const _errs40 = errors;
if(errors === _errs40){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
const ctor4 = data14.constructor;
if(ctor4 !== Object && typeof ctor4 == "function" && !(typeof ctor4.prototype == "object" && ctor4.prototype !== null && Object.prototype.hasOwnProperty.call(ctor4.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data14).length > 0){
validate31.errors = [{instancePath:instancePath+"/markov_blanket_message_history/" + i4,schemaPath:"#/properties/markov_blanket_message_history/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate31.errors = [{instancePath:instancePath+"/markov_blanket_message_history/" + i4,schemaPath:"#/properties/markov_blanket_message_history/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid8 = _errs40 === errors;
if(!valid8){
break;
}
}
}
else {
validate31.errors = [{instancePath:instancePath+"/markov_blanket_message_history",schemaPath:"#/properties/markov_blanket_message_history/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs38 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data15 = data.metadata;
const _errs43 = errors;
if(errors === _errs43){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
const ctor5 = data15.constructor;
if(ctor5 !== Object && typeof ctor5 == "function" && !(typeof ctor5.prototype == "object" && ctor5.prototype !== null && Object.prototype.hasOwnProperty.call(ctor5.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data15).length > 0){
validate31.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate31.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs43 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto1 = Object.getPrototypeOf(data);
if(proto1 !== Object.prototype && proto1 !== null){
validate31.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
else {
validate31.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate31.errors = vErrors;
return errors === 0;
}


function validate30(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.version === undefined) && (missing0 = "version")) || ((data.session_trace === undefined) && (missing0 = "session_trace"))){
validate30.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.version !== undefined){
let data0 = data.version;
const _errs2 = errors;
if(!(typeof data0 == "number")){
validate30.errors = [{instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
if(3 !== data0){
validate30.errors = [{instancePath:instancePath+"/version",schemaPath:"#/properties/version/const",keyword:"const",params:{allowedValue: 3},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session_trace !== undefined){
const _errs4 = errors;
if(!(validate31(data.session_trace, instancePath+"/session_trace", data, "session_trace", rootData))){
vErrors = vErrors === null ? validate31.errors : vErrors.concat(validate31.errors);
errors = vErrors.length;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.run_id !== undefined){
const _errs5 = errors;
if(typeof data.run_id !== "string"){
validate30.errors = [{instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy_id !== undefined){
let data3 = data.policy_id;
const _errs7 = errors;
if((typeof data3 !== "string") && (data3 !== null)){
validate30.errors = [{instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: schema37.properties.policy_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.reward !== undefined){
let data4 = data.reward;
const _errs9 = errors;
const _errs10 = errors;
let valid1 = true;
const _errs11 = errors;
var _valid0 = data4 === null;
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs13 = errors;
if(errors === _errs13){
if(typeof data4 == "number"){
if(!isFinite(data4)){
validate30.errors = [{instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate30.errors = [{instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid0 = _errs13 === errors;
valid1 = _valid0;
}
if(!valid1){
const err1 = {instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate30.errors = vErrors;
return false;
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.episode_returns !== undefined){
let data5 = data.episode_returns;
const _errs15 = errors;
if(errors === _errs15){
if(Array.isArray(data5)){
var valid2 = true;
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
const _errs17 = errors;
if(errors === _errs17){
if(typeof data6 == "number"){
if(!isFinite(data6)){
validate30.errors = [{instancePath:instancePath+"/episode_returns/" + i0,schemaPath:"#/properties/episode_returns/items/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate30.errors = [{instancePath:instancePath+"/episode_returns/" + i0,schemaPath:"#/properties/episode_returns/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs17 === errors;
if(!valid2){
break;
}
}
}
else {
validate30.errors = [{instancePath:instancePath+"/episode_returns",schemaPath:"#/properties/episode_returns/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.mean_return !== undefined){
let data7 = data.mean_return;
const _errs19 = errors;
if(errors === _errs19){
if(typeof data7 == "number"){
if(!isFinite(data7)){
validate30.errors = [{instancePath:instancePath+"/mean_return",schemaPath:"#/properties/mean_return/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate30.errors = [{instancePath:instancePath+"/mean_return",schemaPath:"#/properties/mean_return/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs19 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.num_steps !== undefined){
let data8 = data.num_steps;
const _errs21 = errors;
if(!((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8)))){
validate30.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs21){
if(typeof data8 == "number"){
if(data8 > 9007199254740991 || isNaN(data8)){
validate30.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data8 < 0 || isNaN(data8)){
validate30.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data8)){
validate30.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto0 = Object.getPrototypeOf(data);
if(proto0 !== Object.prototype && proto0 !== null){
validate30.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
else {
validate30.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate30.errors = vErrors;
return errors === 0;
}


function validate29(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
const _errs0 = errors;
let valid0 = false;
const _errs1 = errors;
if(!(validate30(data, instancePath, parentData, parentDataProperty, rootData))){
vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
errors = vErrors.length;
}
var _valid0 = _errs1 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs2 = errors;
if(!(validate31(data, instancePath, parentData, parentDataProperty, rootData))){
vErrors = vErrors === null ? validate31.errors : vErrors.concat(validate31.errors);
errors = vErrors.length;
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
const _errs4 = errors;
if(errors === _errs4){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.session_id === undefined) && (missing0 = "session_id")){
const err0 = {instancePath,schemaPath:"#/definitions/CompactTrace/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.session_id !== undefined){
const _errs7 = errors;
if(typeof data.session_id !== "string"){
const err1 = {instancePath:instancePath+"/session_id",schemaPath:"#/definitions/CompactTrace/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var valid2 = _errs7 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.created_at !== undefined){
const _errs9 = errors;
if(typeof data.created_at !== "string"){
const err2 = {instancePath:instancePath+"/created_at",schemaPath:"#/definitions/CompactTrace/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var valid2 = _errs9 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.metadata !== undefined){
let data2 = data.metadata;
const _errs11 = errors;
if(errors === _errs11){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
const ctor0 = data2.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data2).length > 0){
const err3 = {instancePath:instancePath+"/metadata",schemaPath:"#/definitions/CompactTrace/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/metadata",schemaPath:"#/definitions/CompactTrace/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var valid2 = _errs11 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.events_count !== undefined){
let data3 = data.events_count;
const _errs14 = errors;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
const err5 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(errors === _errs14){
if(typeof data3 == "number"){
if(data3 > 9007199254740991 || isNaN(data3)){
const err6 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
else {
if(data3 < 0 || isNaN(data3)){
const err7 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
if(!isFinite(data3)){
const err8 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/finite",keyword:"finite",params:{},message:"must be a finite number"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
}
}
var valid2 = _errs14 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.messages_count !== undefined){
let data4 = data.messages_count;
const _errs16 = errors;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
const err9 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(errors === _errs16){
if(typeof data4 == "number"){
if(data4 > 9007199254740991 || isNaN(data4)){
const err10 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
else {
if(data4 < 0 || isNaN(data4)){
const err11 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
if(!isFinite(data4)){
const err12 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/finite",keyword:"finite",params:{},message:"must be a finite number"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
}
}
var valid2 = _errs16 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.lm_calls !== undefined){
let data5 = data.lm_calls;
const _errs18 = errors;
if(errors === _errs18){
if(Array.isArray(data5)){
var valid3 = true;
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
const _errs20 = errors;
if(errors === _errs20){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
const ctor1 = data6.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data6).length > 0){
const err13 = {instancePath:instancePath+"/lm_calls/" + i0,schemaPath:"#/definitions/CompactTrace/properties/lm_calls/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/lm_calls/" + i0,schemaPath:"#/definitions/CompactTrace/properties/lm_calls/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var valid3 = _errs20 === errors;
if(!valid3){
break;
}
}
}
else {
const err15 = {instancePath:instancePath+"/lm_calls",schemaPath:"#/definitions/CompactTrace/properties/lm_calls/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
var valid2 = _errs18 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.decision_rewards !== undefined){
let data7 = data.decision_rewards;
const _errs23 = errors;
if(errors === _errs23){
if(Array.isArray(data7)){
var valid4 = true;
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
const _errs25 = errors;
const _errs26 = errors;
let valid5 = false;
const _errs27 = errors;
if(errors === _errs27){
if(typeof data8 == "number"){
if(!isFinite(data8)){
const err16 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/0/finite",keyword:"finite",params:{},message:"must be a finite number"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/0/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
var _valid1 = _errs27 === errors;
valid5 = valid5 || _valid1;
if(!valid5){
const _errs29 = errors;
if(errors === _errs29){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
const ctor2 = data8.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data8).length > 0){
const err18 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/1/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
var _valid1 = _errs29 === errors;
valid5 = valid5 || _valid1;
}
if(!valid5){
const err20 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs26;
if(vErrors !== null){
if(_errs26){
vErrors.length = _errs26;
}
else {
vErrors = null;
}
}
}
var valid4 = _errs25 === errors;
if(!valid4){
break;
}
}
}
else {
const err21 = {instancePath:instancePath+"/decision_rewards",schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
var valid2 = _errs23 === errors;
}
else {
var valid2 = true;
}
if(valid2){
const proto0 = Object.getPrototypeOf(data);
if(proto0 !== Object.prototype && proto0 !== null){
const err22 = {instancePath,schemaPath:"#/definitions/CompactTrace/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
}
}
}
}
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/definitions/CompactTrace/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs32 = errors;
if(errors === _errs32){
if(data && typeof data == "object" && !Array.isArray(data)){
const ctor3 = data.constructor;
if(ctor3 !== Object && typeof ctor3 == "function" && !(typeof ctor3.prototype == "object" && ctor3.prototype !== null && Object.prototype.hasOwnProperty.call(ctor3.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data).length > 0){
const err24 = {instancePath,schemaPath:"#/anyOf/3/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath,schemaPath:"#/anyOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
var _valid0 = _errs32 === errors;
valid0 = valid0 || _valid0;
}
}
}
if(!valid0){
const err26 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
validate29.errors = vErrors;
return false;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate29.errors = vErrors;
return errors === 0;
}


function validate26(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.trajectories === undefined){
data.trajectories = [];
}
if(data.branches === undefined){
data.branches = {};
}
if(data.aborted === undefined){
data.aborted = false;
}
if(data.ops_executed === undefined){
data.ops_executed = 0;
}
if(data.pipeline_metadata === undefined){
data.pipeline_metadata = {};
}
let missing0;
if(((data.run_id === undefined) && (missing0 = "run_id")) || ((data.metrics === undefined) && (missing0 = "metrics"))){
validate26.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((key0 === "run_id" || key0 === "trajectories" || key0 === "branches" || key0 === "metrics" || key0 === "aborted" || key0 === "ops_executed" || key0 === "trace" || key0 === "trace_correlation_id" || key0 === "pipeline_metadata" || key0 === "outcome_reward" || key0 === "event_rewards" || key0 === "outcome_objectives" || key0 === "event_objectives" || key0 === "instance_objectives" || key0 === "artifact" || key0 === "success_status" || key0 === "status_detail" || key0 === "override_application_results"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.run_id !== undefined){
const _errs2 = errors;
if(typeof data.run_id !== "string"){
validate26.errors = [{instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data1 = data.trajectories;
const _errs4 = errors;
if(errors === _errs4){
if(Array.isArray(data1)){
var valid1 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
const _errs6 = errors;
if(!(validate27(data1[i0], instancePath+"/trajectories/" + i0, data1, i0, rootData))){
vErrors = vErrors === null ? validate27.errors : vErrors.concat(validate27.errors);
errors = vErrors.length;
}
var valid1 = _errs6 === errors;
if(!valid1){
break;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/trajectories",schemaPath:"#/properties/trajectories/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs4 === errors;
if(valid0){
let data3 = data.branches;
const _errs7 = errors;
if(errors === _errs7){
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
const _errs9 = errors;
for(const key1 in data3){
let data4 = data3[key1];
const _errs10 = errors;
if(errors === _errs10){
if(Array.isArray(data4)){
var valid3 = true;
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
const _errs12 = errors;
if(typeof data4[i1] !== "string"){
validate26.errors = [{instancePath:instancePath+"/branches/" + key1.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i1,schemaPath:"#/properties/branches/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs12 === errors;
if(!valid3){
break;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/branches/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/branches/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs10 === errors;
if(!valid2){
break;
}
}
if(_errs9 === errors){
const ctor0 = data3.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data3).length > 0){
validate26.errors = [{instancePath:instancePath+"/branches",schemaPath:"#/properties/branches/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/branches",schemaPath:"#/properties/branches/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs7 === errors;
if(valid0){
if(data.metrics !== undefined){
let data6 = data.metrics;
const _errs14 = errors;
const _errs15 = errors;
if(errors === _errs15){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.num_episodes === undefined){
data6.num_episodes = 0;
}
if(data6.details === undefined){
data6.details = {};
}
let missing1;
if((((data6.episode_returns === undefined) && (missing1 = "episode_returns")) || ((data6.mean_return === undefined) && (missing1 = "mean_return"))) || ((data6.num_steps === undefined) && (missing1 = "num_steps"))){
validate26.errors = [{instancePath:instancePath+"/metrics",schemaPath:"#/definitions/RolloutMetrics/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs17 = errors;
for(const key2 in data6){
if(!(((((((key2 === "episode_returns") || (key2 === "mean_return")) || (key2 === "num_steps")) || (key2 === "num_episodes")) || (key2 === "outcome_score")) || (key2 === "events_score")) || (key2 === "details"))){
delete data6[key2];
}
}
if(_errs17 === errors){
if(data6.episode_returns !== undefined){
let data7 = data6.episode_returns;
const _errs18 = errors;
if(errors === _errs18){
if(Array.isArray(data7)){
var valid6 = true;
const len2 = data7.length;
for(let i2=0; i2<len2; i2++){
let data8 = data7[i2];
const _errs20 = errors;
if(errors === _errs20){
if(typeof data8 == "number"){
if(!isFinite(data8)){
validate26.errors = [{instancePath:instancePath+"/metrics/episode_returns/" + i2,schemaPath:"#/definitions/RolloutMetrics/properties/episode_returns/items/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/metrics/episode_returns/" + i2,schemaPath:"#/definitions/RolloutMetrics/properties/episode_returns/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid6 = _errs20 === errors;
if(!valid6){
break;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/metrics/episode_returns",schemaPath:"#/definitions/RolloutMetrics/properties/episode_returns/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid5 = _errs18 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data6.mean_return !== undefined){
let data9 = data6.mean_return;
const _errs22 = errors;
if(errors === _errs22){
if(typeof data9 == "number"){
if(!isFinite(data9)){
validate26.errors = [{instancePath:instancePath+"/metrics/mean_return",schemaPath:"#/definitions/RolloutMetrics/properties/mean_return/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/metrics/mean_return",schemaPath:"#/definitions/RolloutMetrics/properties/mean_return/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid5 = _errs22 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data6.num_steps !== undefined){
let data10 = data6.num_steps;
const _errs24 = errors;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
validate26.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs24){
if(typeof data10 == "number"){
if(data10 > 9007199254740991 || isNaN(data10)){
validate26.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 < 0 || isNaN(data10)){
validate26.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data10)){
validate26.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid5 = _errs24 === errors;
}
else {
var valid5 = true;
}
if(valid5){
let data11 = data6.num_episodes;
const _errs26 = errors;
if(!((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11)))){
validate26.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs26){
if(typeof data11 == "number"){
if(data11 > 9007199254740991 || isNaN(data11)){
validate26.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data11 < 0 || isNaN(data11)){
validate26.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data11)){
validate26.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid5 = _errs26 === errors;
if(valid5){
if(data6.outcome_score !== undefined){
let data12 = data6.outcome_score;
const _errs28 = errors;
const _errs29 = errors;
let valid7 = true;
const _errs30 = errors;
var _valid0 = data12 === null;
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs32 = errors;
if(errors === _errs32){
if(typeof data12 == "number"){
if(!isFinite(data12)){
validate26.errors = [{instancePath:instancePath+"/metrics/outcome_score",schemaPath:"#/definitions/RolloutMetrics/properties/outcome_score/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/metrics/outcome_score",schemaPath:"#/definitions/RolloutMetrics/properties/outcome_score/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid0 = _errs32 === errors;
valid7 = _valid0;
}
if(!valid7){
const err1 = {instancePath:instancePath+"/metrics/outcome_score",schemaPath:"#/definitions/RolloutMetrics/properties/outcome_score/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate26.errors = vErrors;
return false;
}
var valid5 = _errs28 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data6.events_score !== undefined){
let data13 = data6.events_score;
const _errs34 = errors;
const _errs35 = errors;
let valid8 = true;
const _errs36 = errors;
var _valid1 = data13 === null;
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs38 = errors;
if(errors === _errs38){
if(typeof data13 == "number"){
if(!isFinite(data13)){
validate26.errors = [{instancePath:instancePath+"/metrics/events_score",schemaPath:"#/definitions/RolloutMetrics/properties/events_score/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/metrics/events_score",schemaPath:"#/definitions/RolloutMetrics/properties/events_score/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid1 = _errs38 === errors;
valid8 = _valid1;
}
if(!valid8){
const err3 = {instancePath:instancePath+"/metrics/events_score",schemaPath:"#/definitions/RolloutMetrics/properties/events_score/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate26.errors = vErrors;
return false;
}
var valid5 = _errs34 === errors;
}
else {
var valid5 = true;
}
if(valid5){
let data14 = data6.details;
const _errs40 = errors;
if(errors === _errs40){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
const ctor1 = data14.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data14).length > 0){
validate26.errors = [{instancePath:instancePath+"/metrics/details",schemaPath:"#/definitions/RolloutMetrics/properties/details/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/metrics/details",schemaPath:"#/definitions/RolloutMetrics/properties/details/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid5 = _errs40 === errors;
if(valid5){
const proto0 = Object.getPrototypeOf(data6);
if(proto0 !== Object.prototype && proto0 !== null){
validate26.errors = [{instancePath:instancePath+"/metrics",schemaPath:"#/definitions/RolloutMetrics/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/metrics",schemaPath:"#/definitions/RolloutMetrics/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs14 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const _errs43 = errors;
if(typeof data.aborted !== "boolean"){
validate26.errors = [{instancePath:instancePath+"/aborted",schemaPath:"#/properties/aborted/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs43 === errors;
if(valid0){
let data16 = data.ops_executed;
const _errs45 = errors;
if(!((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16)))){
validate26.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs45){
if(typeof data16 == "number"){
if(data16 > 9007199254740991 || isNaN(data16)){
validate26.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data16 < 0 || isNaN(data16)){
validate26.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data16)){
validate26.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid0 = _errs45 === errors;
if(valid0){
if(data.trace !== undefined){
let data17 = data.trace;
const _errs47 = errors;
const _errs48 = errors;
let valid9 = true;
const _errs49 = errors;
var _valid2 = data17 === null;
errors = _errs48;
if(vErrors !== null){
if(_errs48){
vErrors.length = _errs48;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs51 = errors;
if(!(validate29(data17, instancePath+"/trace", data, "trace", rootData))){
vErrors = vErrors === null ? validate29.errors : vErrors.concat(validate29.errors);
errors = vErrors.length;
}
var _valid2 = _errs51 === errors;
valid9 = _valid2;
}
if(!valid9){
const err5 = {instancePath:instancePath+"/trace",schemaPath:"#/properties/trace/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate26.errors = vErrors;
return false;
}
var valid0 = _errs47 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.trace_correlation_id !== undefined){
let data18 = data.trace_correlation_id;
const _errs52 = errors;
if((typeof data18 !== "string") && (data18 !== null)){
validate26.errors = [{instancePath:instancePath+"/trace_correlation_id",schemaPath:"#/properties/trace_correlation_id/type",keyword:"type",params:{type: schema32.properties.trace_correlation_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs52 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data19 = data.pipeline_metadata;
const _errs54 = errors;
if(errors === _errs54){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
const ctor2 = data19.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data19).length > 0){
validate26.errors = [{instancePath:instancePath+"/pipeline_metadata",schemaPath:"#/properties/pipeline_metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/pipeline_metadata",schemaPath:"#/properties/pipeline_metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs54 === errors;
if(valid0){
if(data.outcome_reward !== undefined){
let data20 = data.outcome_reward;
const _errs57 = errors;
const _errs58 = errors;
let valid10 = true;
const _errs59 = errors;
var _valid3 = data20 === null;
errors = _errs58;
if(vErrors !== null){
if(_errs58){
vErrors.length = _errs58;
}
else {
vErrors = null;
}
}
if(!_valid3){
const _errs61 = errors;
if(errors === _errs61){
if(typeof data20 == "number"){
if(!isFinite(data20)){
validate26.errors = [{instancePath:instancePath+"/outcome_reward",schemaPath:"#/properties/outcome_reward/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/outcome_reward",schemaPath:"#/properties/outcome_reward/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid3 = _errs61 === errors;
valid10 = _valid3;
}
if(!valid10){
const err7 = {instancePath:instancePath+"/outcome_reward",schemaPath:"#/properties/outcome_reward/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
validate26.errors = vErrors;
return false;
}
var valid0 = _errs57 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_rewards !== undefined){
let data21 = data.event_rewards;
const _errs63 = errors;
if((!(Array.isArray(data21))) && (data21 !== null)){
validate26.errors = [{instancePath:instancePath+"/event_rewards",schemaPath:"#/properties/event_rewards/type",keyword:"type",params:{type: schema32.properties.event_rewards.type},message:"must be array,null"}];
return false;
}
if(errors === _errs63){
if(Array.isArray(data21)){
var valid11 = true;
const len3 = data21.length;
for(let i3=0; i3<len3; i3++){
let data22 = data21[i3];
const _errs65 = errors;
if(errors === _errs65){
if(typeof data22 == "number"){
if(!isFinite(data22)){
validate26.errors = [{instancePath:instancePath+"/event_rewards/" + i3,schemaPath:"#/properties/event_rewards/items/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/event_rewards/" + i3,schemaPath:"#/properties/event_rewards/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid11 = _errs65 === errors;
if(!valid11){
break;
}
}
}
}
var valid0 = _errs63 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.outcome_objectives !== undefined){
let data23 = data.outcome_objectives;
const _errs67 = errors;
const _errs68 = errors;
let valid12 = true;
const _errs69 = errors;
var _valid4 = data23 === null;
errors = _errs68;
if(vErrors !== null){
if(_errs68){
vErrors.length = _errs68;
}
else {
vErrors = null;
}
}
if(!_valid4){
const _errs71 = errors;
if(errors === _errs71){
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
const _errs73 = errors;
for(const key3 in data23){
let data24 = data23[key3];
const _errs74 = errors;
if(errors === _errs74){
if(typeof data24 == "number"){
if(!isFinite(data24)){
validate26.errors = [{instancePath:instancePath+"/outcome_objectives/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/outcome_objectives/else/additionalProperties/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/outcome_objectives/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/outcome_objectives/else/additionalProperties/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid13 = _errs74 === errors;
if(!valid13){
break;
}
}
if(_errs73 === errors){
const ctor3 = data23.constructor;
if(ctor3 !== Object && typeof ctor3 == "function" && !(typeof ctor3.prototype == "object" && ctor3.prototype !== null && Object.prototype.hasOwnProperty.call(ctor3.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data23).length > 0){
validate26.errors = [{instancePath:instancePath+"/outcome_objectives",schemaPath:"#/properties/outcome_objectives/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/outcome_objectives",schemaPath:"#/properties/outcome_objectives/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid4 = _errs71 === errors;
valid12 = _valid4;
}
if(!valid12){
const err9 = {instancePath:instancePath+"/outcome_objectives",schemaPath:"#/properties/outcome_objectives/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
validate26.errors = vErrors;
return false;
}
var valid0 = _errs67 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_objectives !== undefined){
let data25 = data.event_objectives;
const _errs76 = errors;
if((!(Array.isArray(data25))) && (data25 !== null)){
validate26.errors = [{instancePath:instancePath+"/event_objectives",schemaPath:"#/properties/event_objectives/type",keyword:"type",params:{type: schema32.properties.event_objectives.type},message:"must be array,null"}];
return false;
}
if(errors === _errs76){
if(Array.isArray(data25)){
var valid14 = true;
const len4 = data25.length;
for(let i4=0; i4<len4; i4++){
let data26 = data25[i4];
const _errs78 = errors;
if(errors === _errs78){
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
const _errs80 = errors;
for(const key4 in data26){
let data27 = data26[key4];
const _errs81 = errors;
if(errors === _errs81){
if(typeof data27 == "number"){
if(!isFinite(data27)){
validate26.errors = [{instancePath:instancePath+"/event_objectives/" + i4+"/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/event_objectives/items/additionalProperties/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/event_objectives/" + i4+"/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/event_objectives/items/additionalProperties/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid15 = _errs81 === errors;
if(!valid15){
break;
}
}
if(_errs80 === errors){
const ctor4 = data26.constructor;
if(ctor4 !== Object && typeof ctor4 == "function" && !(typeof ctor4.prototype == "object" && ctor4.prototype !== null && Object.prototype.hasOwnProperty.call(ctor4.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data26).length > 0){
validate26.errors = [{instancePath:instancePath+"/event_objectives/" + i4,schemaPath:"#/properties/event_objectives/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/event_objectives/" + i4,schemaPath:"#/properties/event_objectives/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid14 = _errs78 === errors;
if(!valid14){
break;
}
}
}
}
var valid0 = _errs76 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.instance_objectives !== undefined){
let data28 = data.instance_objectives;
const _errs83 = errors;
if((!(Array.isArray(data28))) && (data28 !== null)){
validate26.errors = [{instancePath:instancePath+"/instance_objectives",schemaPath:"#/properties/instance_objectives/type",keyword:"type",params:{type: schema32.properties.instance_objectives.type},message:"must be array,null"}];
return false;
}
if(errors === _errs83){
if(Array.isArray(data28)){
var valid16 = true;
const len5 = data28.length;
for(let i5=0; i5<len5; i5++){
let data29 = data28[i5];
const _errs85 = errors;
if(errors === _errs85){
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
const _errs87 = errors;
for(const key5 in data29){
let data30 = data29[key5];
const _errs88 = errors;
if(errors === _errs88){
if(typeof data30 == "number"){
if(!isFinite(data30)){
validate26.errors = [{instancePath:instancePath+"/instance_objectives/" + i5+"/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/instance_objectives/items/additionalProperties/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/instance_objectives/" + i5+"/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/instance_objectives/items/additionalProperties/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid17 = _errs88 === errors;
if(!valid17){
break;
}
}
if(_errs87 === errors){
const ctor5 = data29.constructor;
if(ctor5 !== Object && typeof ctor5 == "function" && !(typeof ctor5.prototype == "object" && ctor5.prototype !== null && Object.prototype.hasOwnProperty.call(ctor5.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data29).length > 0){
validate26.errors = [{instancePath:instancePath+"/instance_objectives/" + i5,schemaPath:"#/properties/instance_objectives/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/instance_objectives/" + i5,schemaPath:"#/properties/instance_objectives/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid16 = _errs85 === errors;
if(!valid16){
break;
}
}
}
}
var valid0 = _errs83 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.artifact !== undefined){
let data31 = data.artifact;
const _errs90 = errors;
if((!(Array.isArray(data31))) && (data31 !== null)){
validate26.errors = [{instancePath:instancePath+"/artifact",schemaPath:"#/properties/artifact/type",keyword:"type",params:{type: schema32.properties.artifact.type},message:"must be array,null"}];
return false;
}
if(errors === _errs90){
if(Array.isArray(data31)){
var valid18 = true;
const len6 = data31.length;
for(let i6=0; i6<len6; i6++){
let data32 = data31[i6];
const _errs92 = errors;
const _errs93 = errors;
if(errors === _errs93){
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
if(data32.metadata === undefined){
data32.metadata = {};
}
let missing2;
if((data32.content === undefined) && (missing2 = "content")){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6,schemaPath:"#/definitions/Artifact/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs95 = errors;
for(const key6 in data32){
if(!((key6 === "content" || key6 === "content_type" || key6 === "metadata" || key6 === "artifact_id" || key6 === "trace_correlation_id" || key6 === "size_bytes" || key6 === "sha256" || key6 === "storage" || key6 === "created_at" || key6 === "name" || key6 === "description"))){
delete data32[key6];
}
}
if(_errs95 === errors){
if(data32.content !== undefined){
let data33 = data32.content;
const _errs96 = errors;
const _errs97 = errors;
let valid21 = false;
const _errs98 = errors;
if(typeof data33 !== "string"){
const err10 = {instancePath:instancePath+"/artifact/" + i6+"/content",schemaPath:"#/definitions/Artifact/properties/content/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid5 = _errs98 === errors;
valid21 = valid21 || _valid5;
if(!valid21){
const _errs100 = errors;
if(errors === _errs100){
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
const ctor6 = data33.constructor;
if(ctor6 !== Object && typeof ctor6 == "function" && !(typeof ctor6.prototype == "object" && ctor6.prototype !== null && Object.prototype.hasOwnProperty.call(ctor6.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data33).length > 0){
const err11 = {instancePath:instancePath+"/artifact/" + i6+"/content",schemaPath:"#/definitions/Artifact/properties/content/anyOf/1/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/artifact/" + i6+"/content",schemaPath:"#/definitions/Artifact/properties/content/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var _valid5 = _errs100 === errors;
valid21 = valid21 || _valid5;
}
if(!valid21){
const err13 = {instancePath:instancePath+"/artifact/" + i6+"/content",schemaPath:"#/definitions/Artifact/properties/content/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
validate26.errors = vErrors;
return false;
}
else {
errors = _errs97;
if(vErrors !== null){
if(_errs97){
vErrors.length = _errs97;
}
else {
vErrors = null;
}
}
}
var valid20 = _errs96 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data32.content_type !== undefined){
let data34 = data32.content_type;
const _errs103 = errors;
if((typeof data34 !== "string") && (data34 !== null)){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/content_type",schemaPath:"#/definitions/Artifact/properties/content_type/type",keyword:"type",params:{type: schema41.properties.content_type.type},message:"must be string,null"}];
return false;
}
var valid20 = _errs103 === errors;
}
else {
var valid20 = true;
}
if(valid20){
let data35 = data32.metadata;
const _errs105 = errors;
if(errors === _errs105){
if(data35 && typeof data35 == "object" && !Array.isArray(data35)){
const ctor7 = data35.constructor;
if(ctor7 !== Object && typeof ctor7 == "function" && !(typeof ctor7.prototype == "object" && ctor7.prototype !== null && Object.prototype.hasOwnProperty.call(ctor7.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data35).length > 0){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/metadata",schemaPath:"#/definitions/Artifact/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/metadata",schemaPath:"#/definitions/Artifact/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid20 = _errs105 === errors;
if(valid20){
if(data32.artifact_id !== undefined){
let data36 = data32.artifact_id;
const _errs108 = errors;
if((typeof data36 !== "string") && (data36 !== null)){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/artifact_id",schemaPath:"#/definitions/Artifact/properties/artifact_id/type",keyword:"type",params:{type: schema41.properties.artifact_id.type},message:"must be string,null"}];
return false;
}
var valid20 = _errs108 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data32.trace_correlation_id !== undefined){
let data37 = data32.trace_correlation_id;
const _errs110 = errors;
if((typeof data37 !== "string") && (data37 !== null)){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/trace_correlation_id",schemaPath:"#/definitions/Artifact/properties/trace_correlation_id/type",keyword:"type",params:{type: schema41.properties.trace_correlation_id.type},message:"must be string,null"}];
return false;
}
var valid20 = _errs110 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data32.size_bytes !== undefined){
let data38 = data32.size_bytes;
const _errs112 = errors;
const _errs113 = errors;
let valid22 = true;
const _errs114 = errors;
var _valid6 = data38 === null;
errors = _errs113;
if(vErrors !== null){
if(_errs113){
vErrors.length = _errs113;
}
else {
vErrors = null;
}
}
if(!_valid6){
const _errs116 = errors;
if(!((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38)))){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/size_bytes",schemaPath:"#/definitions/Artifact/properties/size_bytes/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs116){
if(typeof data38 == "number"){
if(data38 > 9007199254740991 || isNaN(data38)){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/size_bytes",schemaPath:"#/definitions/Artifact/properties/size_bytes/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data38 < 0 || isNaN(data38)){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/size_bytes",schemaPath:"#/definitions/Artifact/properties/size_bytes/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data38)){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/size_bytes",schemaPath:"#/definitions/Artifact/properties/size_bytes/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid6 = _errs116 === errors;
valid22 = _valid6;
}
if(!valid22){
const err15 = {instancePath:instancePath+"/artifact/" + i6+"/size_bytes",schemaPath:"#/definitions/Artifact/properties/size_bytes/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
validate26.errors = vErrors;
return false;
}
var valid20 = _errs112 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data32.sha256 !== undefined){
let data39 = data32.sha256;
const _errs118 = errors;
if((typeof data39 !== "string") && (data39 !== null)){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/sha256",schemaPath:"#/definitions/Artifact/properties/sha256/type",keyword:"type",params:{type: schema41.properties.sha256.type},message:"must be string,null"}];
return false;
}
var valid20 = _errs118 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data32.storage !== undefined){
let data40 = data32.storage;
const _errs120 = errors;
const _errs121 = errors;
let valid23 = true;
const _errs122 = errors;
var _valid7 = data40 === null;
errors = _errs121;
if(vErrors !== null){
if(_errs121){
vErrors.length = _errs121;
}
else {
vErrors = null;
}
}
if(!_valid7){
const _errs124 = errors;
if(errors === _errs124){
if(data40 && typeof data40 == "object" && !Array.isArray(data40)){
const ctor8 = data40.constructor;
if(ctor8 !== Object && typeof ctor8 == "function" && !(typeof ctor8.prototype == "object" && ctor8.prototype !== null && Object.prototype.hasOwnProperty.call(ctor8.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data40).length > 0){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/storage",schemaPath:"#/definitions/Artifact/properties/storage/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/storage",schemaPath:"#/definitions/Artifact/properties/storage/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid7 = _errs124 === errors;
valid23 = _valid7;
}
if(!valid23){
const err17 = {instancePath:instancePath+"/artifact/" + i6+"/storage",schemaPath:"#/definitions/Artifact/properties/storage/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
validate26.errors = vErrors;
return false;
}
var valid20 = _errs120 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data32.created_at !== undefined){
let data41 = data32.created_at;
const _errs127 = errors;
if((typeof data41 !== "string") && (data41 !== null)){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/created_at",schemaPath:"#/definitions/Artifact/properties/created_at/type",keyword:"type",params:{type: schema41.properties.created_at.type},message:"must be string,null"}];
return false;
}
var valid20 = _errs127 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data32.name !== undefined){
let data42 = data32.name;
const _errs129 = errors;
if((typeof data42 !== "string") && (data42 !== null)){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/name",schemaPath:"#/definitions/Artifact/properties/name/type",keyword:"type",params:{type: schema41.properties.name.type},message:"must be string,null"}];
return false;
}
var valid20 = _errs129 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data32.description !== undefined){
let data43 = data32.description;
const _errs131 = errors;
if((typeof data43 !== "string") && (data43 !== null)){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6+"/description",schemaPath:"#/definitions/Artifact/properties/description/type",keyword:"type",params:{type: schema41.properties.description.type},message:"must be string,null"}];
return false;
}
var valid20 = _errs131 === errors;
}
else {
var valid20 = true;
}
if(valid20){
const proto1 = Object.getPrototypeOf(data32);
if(proto1 !== Object.prototype && proto1 !== null){
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6,schemaPath:"#/definitions/Artifact/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/artifact/" + i6,schemaPath:"#/definitions/Artifact/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid18 = _errs92 === errors;
if(!valid18){
break;
}
}
}
}
var valid0 = _errs90 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.success_status !== undefined){
let data44 = data.success_status;
const _errs133 = errors;
const _errs134 = errors;
let valid24 = true;
const _errs135 = errors;
var _valid8 = data44 === null;
errors = _errs134;
if(vErrors !== null){
if(_errs134){
vErrors.length = _errs134;
}
else {
vErrors = null;
}
}
if(!_valid8){
const _errs137 = errors;
if(typeof data44 !== "string"){
validate26.errors = [{instancePath:instancePath+"/success_status",schemaPath:"#/definitions/SuccessStatus/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((((((data44 === "success") || (data44 === "timeout")) || (data44 === "network_error")) || (data44 === "apply_failed")) || (data44 === "runtime_error")) || (data44 === "failure"))){
validate26.errors = [{instancePath:instancePath+"/success_status",schemaPath:"#/definitions/SuccessStatus/enum",keyword:"enum",params:{allowedValues: schema42.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var _valid8 = _errs137 === errors;
valid24 = _valid8;
}
if(!valid24){
const err19 = {instancePath:instancePath+"/success_status",schemaPath:"#/properties/success_status/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
validate26.errors = vErrors;
return false;
}
var valid0 = _errs133 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.status_detail !== undefined){
let data45 = data.status_detail;
const _errs140 = errors;
if((typeof data45 !== "string") && (data45 !== null)){
validate26.errors = [{instancePath:instancePath+"/status_detail",schemaPath:"#/properties/status_detail/type",keyword:"type",params:{type: schema32.properties.status_detail.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs140 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.override_application_results !== undefined){
let data46 = data.override_application_results;
const _errs142 = errors;
if((!(Array.isArray(data46))) && (data46 !== null)){
validate26.errors = [{instancePath:instancePath+"/override_application_results",schemaPath:"#/properties/override_application_results/type",keyword:"type",params:{type: schema32.properties.override_application_results.type},message:"must be array,null"}];
return false;
}
if(errors === _errs142){
if(Array.isArray(data46)){
var valid26 = true;
const len7 = data46.length;
for(let i7=0; i7<len7; i7++){
let data47 = data46[i7];
const _errs144 = errors;
const _errs145 = errors;
if(errors === _errs145){
if(data47 && typeof data47 == "object" && !Array.isArray(data47)){
if(data47.errors === undefined){
data47.errors = [];
}
if(data47.file_artifacts === undefined){
data47.file_artifacts = {};
}
if(data47.env_vars === undefined){
data47.env_vars = {};
}
let missing3;
if((data47.overall_status === undefined) && (missing3 = "overall_status")){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7,schemaPath:"#/definitions/ContextOverrideStatus/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
const _errs147 = errors;
for(const key7 in data47){
if(!((((((((key7 === "override_id") || (key7 === "overall_status")) || (key7 === "errors")) || (key7 === "error_type")) || (key7 === "error_message")) || (key7 === "file_artifacts")) || (key7 === "preflight_script")) || (key7 === "env_vars"))){
delete data47[key7];
}
}
if(_errs147 === errors){
if(data47.override_id !== undefined){
let data48 = data47.override_id;
const _errs148 = errors;
if((typeof data48 !== "string") && (data48 !== null)){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/override_id",schemaPath:"#/definitions/ContextOverrideStatus/properties/override_id/type",keyword:"type",params:{type: schema43.properties.override_id.type},message:"must be string,null"}];
return false;
}
var valid28 = _errs148 === errors;
}
else {
var valid28 = true;
}
if(valid28){
if(data47.overall_status !== undefined){
let data49 = data47.overall_status;
const _errs150 = errors;
if(typeof data49 !== "string"){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/overall_status",schemaPath:"#/definitions/ContextOverrideStatus/properties/overall_status/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((((data49 === "applied") || (data49 === "partial")) || (data49 === "failed")) || (data49 === "skipped"))){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/overall_status",schemaPath:"#/definitions/ContextOverrideStatus/properties/overall_status/enum",keyword:"enum",params:{allowedValues: schema43.properties.overall_status.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid28 = _errs150 === errors;
}
else {
var valid28 = true;
}
if(valid28){
let data50 = data47.errors;
const _errs152 = errors;
if(errors === _errs152){
if(Array.isArray(data50)){
var valid29 = true;
const len8 = data50.length;
for(let i8=0; i8<len8; i8++){
let data51 = data50[i8];
const _errs154 = errors;
if(errors === _errs154){
if(data51 && typeof data51 == "object" && !Array.isArray(data51)){
if(data51.details === undefined){
data51.details = {};
}
let missing4;
if(((data51.error_type === undefined) && (missing4 = "error_type")) || ((data51.message === undefined) && (missing4 = "message"))){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/errors/" + i8,schemaPath:"#/definitions/ContextOverrideStatus/properties/errors/items/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'"}];
return false;
}
else {
const _errs156 = errors;
for(const key8 in data51){
if(!((((key8 === "error_type") || (key8 === "message")) || (key8 === "target")) || (key8 === "details"))){
delete data51[key8];
}
}
if(_errs156 === errors){
if(data51.error_type !== undefined){
let data52 = data51.error_type;
const _errs157 = errors;
if(typeof data52 !== "string"){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/errors/" + i8+"/error_type",schemaPath:"#/definitions/ContextOverrideStatus/properties/errors/items/properties/error_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((((((((data52 === "validation") || (data52 === "path_traversal")) || (data52 === "permission")) || (data52 === "size_limit")) || (data52 === "timeout")) || (data52 === "runtime")) || (data52 === "not_found")) || (data52 === "unknown"))){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/errors/" + i8+"/error_type",schemaPath:"#/definitions/ContextOverrideStatus/properties/errors/items/properties/error_type/enum",keyword:"enum",params:{allowedValues: schema43.properties.errors.items.properties.error_type.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid30 = _errs157 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data51.message !== undefined){
const _errs159 = errors;
if(typeof data51.message !== "string"){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/errors/" + i8+"/message",schemaPath:"#/definitions/ContextOverrideStatus/properties/errors/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid30 = _errs159 === errors;
}
else {
var valid30 = true;
}
if(valid30){
if(data51.target !== undefined){
let data54 = data51.target;
const _errs161 = errors;
if((typeof data54 !== "string") && (data54 !== null)){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/errors/" + i8+"/target",schemaPath:"#/definitions/ContextOverrideStatus/properties/errors/items/properties/target/type",keyword:"type",params:{type: schema43.properties.errors.items.properties.target.type},message:"must be string,null"}];
return false;
}
var valid30 = _errs161 === errors;
}
else {
var valid30 = true;
}
if(valid30){
let data55 = data51.details;
const _errs163 = errors;
if(errors === _errs163){
if(data55 && typeof data55 == "object" && !Array.isArray(data55)){
const ctor9 = data55.constructor;
if(ctor9 !== Object && typeof ctor9 == "function" && !(typeof ctor9.prototype == "object" && ctor9.prototype !== null && Object.prototype.hasOwnProperty.call(ctor9.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data55).length > 0){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/errors/" + i8+"/details",schemaPath:"#/definitions/ContextOverrideStatus/properties/errors/items/properties/details/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/errors/" + i8+"/details",schemaPath:"#/definitions/ContextOverrideStatus/properties/errors/items/properties/details/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid30 = _errs163 === errors;
if(valid30){
const proto2 = Object.getPrototypeOf(data51);
if(proto2 !== Object.prototype && proto2 !== null){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/errors/" + i8,schemaPath:"#/definitions/ContextOverrideStatus/properties/errors/items/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/errors/" + i8,schemaPath:"#/definitions/ContextOverrideStatus/properties/errors/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid29 = _errs154 === errors;
if(!valid29){
break;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/errors",schemaPath:"#/definitions/ContextOverrideStatus/properties/errors/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid28 = _errs152 === errors;
if(valid28){
if(data47.error_type !== undefined){
let data56 = data47.error_type;
const _errs166 = errors;
const _errs167 = errors;
let valid31 = true;
const _errs168 = errors;
var _valid9 = data56 === null;
errors = _errs167;
if(vErrors !== null){
if(_errs167){
vErrors.length = _errs167;
}
else {
vErrors = null;
}
}
if(!_valid9){
const _errs170 = errors;
if(typeof data56 !== "string"){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/error_type",schemaPath:"#/definitions/ContextOverrideStatus/properties/error_type/else/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((((((((data56 === "validation") || (data56 === "path_traversal")) || (data56 === "permission")) || (data56 === "size_limit")) || (data56 === "timeout")) || (data56 === "runtime")) || (data56 === "not_found")) || (data56 === "unknown"))){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/error_type",schemaPath:"#/definitions/ContextOverrideStatus/properties/error_type/else/enum",keyword:"enum",params:{allowedValues: schema43.properties.error_type.else.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var _valid9 = _errs170 === errors;
valid31 = _valid9;
}
if(!valid31){
const err21 = {instancePath:instancePath+"/override_application_results/" + i7+"/error_type",schemaPath:"#/definitions/ContextOverrideStatus/properties/error_type/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
validate26.errors = vErrors;
return false;
}
var valid28 = _errs166 === errors;
}
else {
var valid28 = true;
}
if(valid28){
if(data47.error_message !== undefined){
let data57 = data47.error_message;
const _errs172 = errors;
if((typeof data57 !== "string") && (data57 !== null)){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/error_message",schemaPath:"#/definitions/ContextOverrideStatus/properties/error_message/type",keyword:"type",params:{type: schema43.properties.error_message.type},message:"must be string,null"}];
return false;
}
var valid28 = _errs172 === errors;
}
else {
var valid28 = true;
}
if(valid28){
let data58 = data47.file_artifacts;
const _errs174 = errors;
if(errors === _errs174){
if(data58 && typeof data58 == "object" && !Array.isArray(data58)){
const _errs176 = errors;
for(const key9 in data58){
let data59 = data58[key9];
const _errs177 = errors;
if(errors === _errs177){
if(data59 && typeof data59 == "object" && !Array.isArray(data59)){
const ctor10 = data59.constructor;
if(ctor10 !== Object && typeof ctor10 == "function" && !(typeof ctor10.prototype == "object" && ctor10.prototype !== null && Object.prototype.hasOwnProperty.call(ctor10.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data59).length > 0){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/file_artifacts/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/ContextOverrideStatus/properties/file_artifacts/additionalProperties/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/file_artifacts/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/ContextOverrideStatus/properties/file_artifacts/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid32 = _errs177 === errors;
if(!valid32){
break;
}
}
if(_errs176 === errors){
const ctor11 = data58.constructor;
if(ctor11 !== Object && typeof ctor11 == "function" && !(typeof ctor11.prototype == "object" && ctor11.prototype !== null && Object.prototype.hasOwnProperty.call(ctor11.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data58).length > 0){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/file_artifacts",schemaPath:"#/definitions/ContextOverrideStatus/properties/file_artifacts/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/file_artifacts",schemaPath:"#/definitions/ContextOverrideStatus/properties/file_artifacts/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid28 = _errs174 === errors;
if(valid28){
if(data47.preflight_script !== undefined){
let data60 = data47.preflight_script;
const _errs180 = errors;
const _errs181 = errors;
let valid33 = true;
const _errs182 = errors;
var _valid10 = data60 === null;
errors = _errs181;
if(vErrors !== null){
if(_errs181){
vErrors.length = _errs181;
}
else {
vErrors = null;
}
}
if(!_valid10){
const _errs184 = errors;
if(errors === _errs184){
if(data60 && typeof data60 == "object" && !Array.isArray(data60)){
const ctor12 = data60.constructor;
if(ctor12 !== Object && typeof ctor12 == "function" && !(typeof ctor12.prototype == "object" && ctor12.prototype !== null && Object.prototype.hasOwnProperty.call(ctor12.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data60).length > 0){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/preflight_script",schemaPath:"#/definitions/ContextOverrideStatus/properties/preflight_script/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/preflight_script",schemaPath:"#/definitions/ContextOverrideStatus/properties/preflight_script/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid10 = _errs184 === errors;
valid33 = _valid10;
}
if(!valid33){
const err23 = {instancePath:instancePath+"/override_application_results/" + i7+"/preflight_script",schemaPath:"#/definitions/ContextOverrideStatus/properties/preflight_script/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
validate26.errors = vErrors;
return false;
}
var valid28 = _errs180 === errors;
}
else {
var valid28 = true;
}
if(valid28){
let data61 = data47.env_vars;
const _errs187 = errors;
if(errors === _errs187){
if(data61 && typeof data61 == "object" && !Array.isArray(data61)){
const _errs189 = errors;
for(const key10 in data61){
let data62 = data61[key10];
const _errs190 = errors;
if(errors === _errs190){
if(data62 && typeof data62 == "object" && !Array.isArray(data62)){
const ctor13 = data62.constructor;
if(ctor13 !== Object && typeof ctor13 == "function" && !(typeof ctor13.prototype == "object" && ctor13.prototype !== null && Object.prototype.hasOwnProperty.call(ctor13.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data62).length > 0){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/env_vars/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/ContextOverrideStatus/properties/env_vars/additionalProperties/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/env_vars/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/ContextOverrideStatus/properties/env_vars/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid34 = _errs190 === errors;
if(!valid34){
break;
}
}
if(_errs189 === errors){
const ctor14 = data61.constructor;
if(ctor14 !== Object && typeof ctor14 == "function" && !(typeof ctor14.prototype == "object" && ctor14.prototype !== null && Object.prototype.hasOwnProperty.call(ctor14.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data61).length > 0){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/env_vars",schemaPath:"#/definitions/ContextOverrideStatus/properties/env_vars/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7+"/env_vars",schemaPath:"#/definitions/ContextOverrideStatus/properties/env_vars/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid28 = _errs187 === errors;
if(valid28){
const proto3 = Object.getPrototypeOf(data47);
if(proto3 !== Object.prototype && proto3 !== null){
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7,schemaPath:"#/definitions/ContextOverrideStatus/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/override_application_results/" + i7,schemaPath:"#/definitions/ContextOverrideStatus/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid26 = _errs144 === errors;
if(!valid26){
break;
}
}
}
}
var valid0 = _errs142 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto4 = Object.getPrototypeOf(data);
if(proto4 !== Object.prototype && proto4 !== null){
validate26.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate26.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate26.errors = vErrors;
return errors === 0;
}

export const validateSessionTrace = validate36;
const schema44 = {"type":"object","properties":{"session_id":{"type":"string"},"created_at":{"type":"string"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"session_time_steps":{"type":"array","items":{"$ref":"#/definitions/TracedTimeStep"}},"event_history":{"type":"array","items":{"$ref":"#/definitions/TracedEvent"}},"markov_blanket_message_history":{"type":"array","items":{"$ref":"#/definitions/TracedMessage"}},"session_metadata":{"type":"array","items":{}},"event_rewards":{"type":"array","items":{"$ref":"#/definitions/TracedEventReward"}},"outcome_rewards":{"type":"array","items":{"$ref":"#/definitions/TracedOutcomeReward"}}},"required":["session_id","created_at","metadata","session_time_steps","event_history","markov_blanket_message_history","session_metadata","event_rewards","outcome_rewards"],"additionalProperties":{},"plainObject":true,"definitions":{"SessionTraceV3":{"type":"object","properties":{"session_id":{"type":"string"},"created_at":{"type":"string"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"session_time_steps":{"type":"array","items":{"$ref":"#/definitions/TracedTimeStep"}},"event_history":{"type":"array","items":{"$ref":"#/definitions/TracedEvent"}},"markov_blanket_message_history":{"type":"array","items":{"$ref":"#/definitions/TracedMessage"}},"session_metadata":{"type":"array","items":{}},"event_rewards":{"type":"array","items":{"$ref":"#/definitions/TracedEventReward"}},"outcome_rewards":{"type":"array","items":{"$ref":"#/definitions/TracedOutcomeReward"}}},"required":["session_id","created_at","metadata","session_time_steps","event_history","markov_blanket_message_history","session_metadata","event_rewards","outcome_rewards"],"additionalProperties":{},"plainObject":true},"TracedTimeStep":{"type":"object","properties":{"step_id":{"type":"string"},"step_index":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"turn_number":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"timestamp":{"type":"string"},"completed_at":{"type":["string","null"]},"events":{"type":"array","items":{"$ref":"#/definitions/TracedEvent"}},"markov_blanket_messages":{"type":"array","items":{"$ref":"#/definitions/TracedMessage"}},"step_metadata":{"type":"object","additionalProperties":{},"plainRecord":true}},"required":["step_id","step_index","turn_number","timestamp","completed_at","events","markov_blanket_messages","step_metadata"],"additionalProperties":{},"plainObject":true},"TracedEvent":{"oneOf":[{"$ref":"#/definitions/LMCallEvent"},{"$ref":"#/definitions/EnvironmentEvent"},{"$ref":"#/definitions/RuntimeEvent"}],"type":"object","discriminator":{"propertyName":"event_type"}},"LMCallEvent":{"type":"object","properties":{"event_id":{"type":"string"},"system_instance_id":{"type":"string"},"time_record":{"$ref":"#/definitions/TimeRecord"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"event_metadata":{"type":["array","null"],"items":{}},"event_type":{"type":"string","const":"cais"},"model_name":{"type":"string"},"provider":{"type":["string","null"]},"input_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"output_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"total_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"cost_usd":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"latency_ms":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"span_id":{"type":["string","null"]},"trace_id":{"type":["string","null"]},"call_records":{"type":"array","items":{"$ref":"#/definitions/LMCallRecord"}}},"required":["event_id","system_instance_id","time_record","metadata","event_type","model_name","call_records"],"additionalProperties":{},"plainObject":true},"TimeRecord":{"type":"object","properties":{"event_time":{"type":"number","finite":true},"message_time":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"required":["event_time"],"additionalProperties":{},"plainObject":true},"LMCallRecord":{"type":"object","properties":{"call_id":{"type":"string"},"api_type":{"type":"string"},"provider":{"type":["string","null"]},"model_name":{"type":"string"},"input_messages":{"type":"array","items":{"$ref":"#/definitions/LMMessage"}},"output_messages":{"type":"array","items":{"$ref":"#/definitions/LMMessage"}},"output_text":{"type":["string","null"]},"output_tool_calls":{"type":"array","items":{"$ref":"#/definitions/LMToolCall"}},"tools":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"usage":{"type":"object","properties":{"input_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"output_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"total_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":{},"plainObject":true},"latency_ms":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"started_at":{"type":["string","null"]},"completed_at":{"type":["string","null"]},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true}},"required":["call_id","api_type","model_name","input_messages"],"additionalProperties":{},"plainObject":true},"LMMessage":{"type":"object","properties":{"role":{"type":"string"},"parts":{"type":"array","items":{"$ref":"#/definitions/LMContentPart"}},"name":{"type":["string","null"]},"tool_call_id":{"type":["string","null"]}},"required":["role","parts"],"additionalProperties":{},"plainObject":true},"LMContentPart":{"type":"object","properties":{"type":{"type":"string"},"text":{"type":["string","null"]},"uri":{"type":["string","null"]},"mime_type":{"type":["string","null"]},"data":{}},"required":["type"],"additionalProperties":{},"plainObject":true},"LMToolCall":{"type":"object","properties":{"id":{"type":["string","null"]},"name":{"type":"string"},"arguments":{"type":"string"}},"required":["name","arguments"],"additionalProperties":{},"plainObject":true},"EnvironmentEvent":{"type":"object","properties":{"event_id":{"type":"string"},"system_instance_id":{"type":"string"},"time_record":{"$ref":"#/definitions/TimeRecord"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"event_metadata":{"type":["array","null"],"items":{}},"event_type":{"type":"string","const":"environment"},"reward":{"type":"number","finite":true},"terminated":{"type":"boolean"},"truncated":{"type":"boolean"},"system_state_before":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"system_state_after":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}}},"required":["event_id","system_instance_id","time_record","metadata","event_type","reward","terminated","truncated"],"additionalProperties":{},"plainObject":true},"RuntimeEvent":{"type":"object","properties":{"event_id":{"type":"string"},"system_instance_id":{"type":"string"},"time_record":{"$ref":"#/definitions/TimeRecord"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"event_metadata":{"type":["array","null"],"items":{}},"event_type":{"type":"string","const":"runtime"},"actions":{"type":"array","items":{}}},"required":["event_id","system_instance_id","time_record","metadata","event_type","actions"],"additionalProperties":{},"plainObject":true},"TracedMessage":{"type":"object","properties":{"message_id":{"type":"string"},"message_type":{"$ref":"#/definitions/TracedMessageType"},"content":{"type":"object","properties":{"text":{"type":["string","null"]},"json_payload":{"type":["string","null"]}},"additionalProperties":{},"plainObject":true},"time_record":{"$ref":"#/definitions/TimeRecord"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true}},"required":["message_id","message_type","content","time_record","metadata"],"additionalProperties":{},"plainObject":true},"TracedMessageType":{"type":"string","enum":["user","assistant","system","tool_use","tool_result"]},"TracedEventReward":{"type":"object","properties":{"event_id":{"type":"string"},"turn_number":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"reward_value":{"type":"number","finite":true},"reward_type":{"type":"string"},"key":{"type":["string","null"]},"annotation":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"source":{"type":["string","null"]},"message_id":{"type":["string","null"]},"objective_key":{"default":"reward","type":"string"},"created_at":{"type":"string"}},"required":["event_id","turn_number","reward_value","reward_type","key","annotation","source","created_at"],"additionalProperties":{},"plainObject":true},"TracedOutcomeReward":{"type":"object","properties":{"objective_key":{"default":"reward","type":"string"},"total_reward":{"type":"number","finite":true},"achievements_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"total_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"reward_metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"annotation":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"created_at":{"type":"string"}},"required":["total_reward","achievements_count","total_steps","reward_metadata","created_at"],"additionalProperties":{},"plainObject":true}}};
const schema60 = {"type":"object","properties":{"event_id":{"type":"string"},"turn_number":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"reward_value":{"type":"number","finite":true},"reward_type":{"type":"string"},"key":{"type":["string","null"]},"annotation":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"source":{"type":["string","null"]},"message_id":{"type":["string","null"]},"objective_key":{"default":"reward","type":"string"},"created_at":{"type":"string"}},"required":["event_id","turn_number","reward_value","reward_type","key","annotation","source","created_at"],"additionalProperties":{},"plainObject":true};
const schema61 = {"type":"object","properties":{"objective_key":{"default":"reward","type":"string"},"total_reward":{"type":"number","finite":true},"achievements_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"total_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"reward_metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"annotation":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"created_at":{"type":"string"}},"required":["total_reward","achievements_count","total_steps","reward_metadata","created_at"],"additionalProperties":{},"plainObject":true};
const schema45 = {"type":"object","properties":{"step_id":{"type":"string"},"step_index":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"turn_number":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"timestamp":{"type":"string"},"completed_at":{"type":["string","null"]},"events":{"type":"array","items":{"$ref":"#/definitions/TracedEvent"}},"markov_blanket_messages":{"type":"array","items":{"$ref":"#/definitions/TracedMessage"}},"step_metadata":{"type":"object","additionalProperties":{},"plainRecord":true}},"required":["step_id","step_index","turn_number","timestamp","completed_at","events","markov_blanket_messages","step_metadata"],"additionalProperties":{},"plainObject":true};
const schema46 = {"oneOf":[{"$ref":"#/definitions/LMCallEvent"},{"$ref":"#/definitions/EnvironmentEvent"},{"$ref":"#/definitions/RuntimeEvent"}],"type":"object","discriminator":{"propertyName":"event_type"}};
const schema47 = {"type":"object","properties":{"event_id":{"type":"string"},"system_instance_id":{"type":"string"},"time_record":{"$ref":"#/definitions/TimeRecord"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"event_metadata":{"type":["array","null"],"items":{}},"event_type":{"type":"string","const":"cais"},"model_name":{"type":"string"},"provider":{"type":["string","null"]},"input_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"output_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"total_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"cost_usd":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"latency_ms":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"span_id":{"type":["string","null"]},"trace_id":{"type":["string","null"]},"call_records":{"type":"array","items":{"$ref":"#/definitions/LMCallRecord"}}},"required":["event_id","system_instance_id","time_record","metadata","event_type","model_name","call_records"],"additionalProperties":{},"plainObject":true};
const schema48 = {"type":"object","properties":{"event_time":{"type":"number","finite":true},"message_time":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"required":["event_time"],"additionalProperties":{},"plainObject":true};
const schema49 = {"type":"object","properties":{"call_id":{"type":"string"},"api_type":{"type":"string"},"provider":{"type":["string","null"]},"model_name":{"type":"string"},"input_messages":{"type":"array","items":{"$ref":"#/definitions/LMMessage"}},"output_messages":{"type":"array","items":{"$ref":"#/definitions/LMMessage"}},"output_text":{"type":["string","null"]},"output_tool_calls":{"type":"array","items":{"$ref":"#/definitions/LMToolCall"}},"tools":{"type":"array","items":{"type":"object","additionalProperties":{},"plainRecord":true}},"usage":{"type":"object","properties":{"input_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"output_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"total_tokens":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":{},"plainObject":true},"latency_ms":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"started_at":{"type":["string","null"]},"completed_at":{"type":["string","null"]},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true}},"required":["call_id","api_type","model_name","input_messages"],"additionalProperties":{},"plainObject":true};
const schema52 = {"type":"object","properties":{"id":{"type":["string","null"]},"name":{"type":"string"},"arguments":{"type":"string"}},"required":["name","arguments"],"additionalProperties":{},"plainObject":true};
const schema50 = {"type":"object","properties":{"role":{"type":"string"},"parts":{"type":"array","items":{"$ref":"#/definitions/LMContentPart"}},"name":{"type":["string","null"]},"tool_call_id":{"type":["string","null"]}},"required":["role","parts"],"additionalProperties":{},"plainObject":true};
const schema51 = {"type":"object","properties":{"type":{"type":"string"},"text":{"type":["string","null"]},"uri":{"type":["string","null"]},"mime_type":{"type":["string","null"]},"data":{}},"required":["type"],"additionalProperties":{},"plainObject":true};

function validate41(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.role === undefined) && (missing0 = "role")) || ((data.parts === undefined) && (missing0 = "parts"))){
validate41.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.role !== undefined){
const _errs2 = errors;
if(typeof data.role !== "string"){
validate41.errors = [{instancePath:instancePath+"/role",schemaPath:"#/properties/role/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.parts !== undefined){
let data1 = data.parts;
const _errs4 = errors;
if(errors === _errs4){
if(Array.isArray(data1)){
var valid1 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
const _errs7 = errors;
if(errors === _errs7){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if((data2.type === undefined) && (missing1 = "type")){
validate41.errors = [{instancePath:instancePath+"/parts/" + i0,schemaPath:"#/definitions/LMContentPart/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data2.type !== undefined){
const _errs10 = errors;
if(typeof data2.type !== "string"){
validate41.errors = [{instancePath:instancePath+"/parts/" + i0+"/type",schemaPath:"#/definitions/LMContentPart/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs10 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.text !== undefined){
let data4 = data2.text;
const _errs12 = errors;
if((typeof data4 !== "string") && (data4 !== null)){
validate41.errors = [{instancePath:instancePath+"/parts/" + i0+"/text",schemaPath:"#/definitions/LMContentPart/properties/text/type",keyword:"type",params:{type: schema51.properties.text.type},message:"must be string,null"}];
return false;
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.uri !== undefined){
let data5 = data2.uri;
const _errs14 = errors;
if((typeof data5 !== "string") && (data5 !== null)){
validate41.errors = [{instancePath:instancePath+"/parts/" + i0+"/uri",schemaPath:"#/definitions/LMContentPart/properties/uri/type",keyword:"type",params:{type: schema51.properties.uri.type},message:"must be string,null"}];
return false;
}
var valid3 = _errs14 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.mime_type !== undefined){
let data6 = data2.mime_type;
const _errs16 = errors;
if((typeof data6 !== "string") && (data6 !== null)){
validate41.errors = [{instancePath:instancePath+"/parts/" + i0+"/mime_type",schemaPath:"#/definitions/LMContentPart/properties/mime_type/type",keyword:"type",params:{type: schema51.properties.mime_type.type},message:"must be string,null"}];
return false;
}
var valid3 = _errs16 === errors;
}
else {
var valid3 = true;
}
if(valid3){
const proto0 = Object.getPrototypeOf(data2);
if(proto0 !== Object.prototype && proto0 !== null){
validate41.errors = [{instancePath:instancePath+"/parts/" + i0,schemaPath:"#/definitions/LMContentPart/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
else {
validate41.errors = [{instancePath:instancePath+"/parts/" + i0,schemaPath:"#/definitions/LMContentPart/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs6 === errors;
if(!valid1){
break;
}
}
}
else {
validate41.errors = [{instancePath:instancePath+"/parts",schemaPath:"#/properties/parts/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.name !== undefined){
let data7 = data.name;
const _errs18 = errors;
if((typeof data7 !== "string") && (data7 !== null)){
validate41.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: schema50.properties.name.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.tool_call_id !== undefined){
let data8 = data.tool_call_id;
const _errs20 = errors;
if((typeof data8 !== "string") && (data8 !== null)){
validate41.errors = [{instancePath:instancePath+"/tool_call_id",schemaPath:"#/properties/tool_call_id/type",keyword:"type",params:{type: schema50.properties.tool_call_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs20 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto1 = Object.getPrototypeOf(data);
if(proto1 !== Object.prototype && proto1 !== null){
validate41.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
else {
validate41.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate41.errors = vErrors;
return errors === 0;
}


function validate40(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((data.call_id === undefined) && (missing0 = "call_id")) || ((data.api_type === undefined) && (missing0 = "api_type"))) || ((data.model_name === undefined) && (missing0 = "model_name"))) || ((data.input_messages === undefined) && (missing0 = "input_messages"))){
validate40.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.call_id !== undefined){
const _errs2 = errors;
if(typeof data.call_id !== "string"){
validate40.errors = [{instancePath:instancePath+"/call_id",schemaPath:"#/properties/call_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.api_type !== undefined){
const _errs4 = errors;
if(typeof data.api_type !== "string"){
validate40.errors = [{instancePath:instancePath+"/api_type",schemaPath:"#/properties/api_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.provider !== undefined){
let data2 = data.provider;
const _errs6 = errors;
if((typeof data2 !== "string") && (data2 !== null)){
validate40.errors = [{instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/type",keyword:"type",params:{type: schema49.properties.provider.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.model_name !== undefined){
const _errs8 = errors;
if(typeof data.model_name !== "string"){
validate40.errors = [{instancePath:instancePath+"/model_name",schemaPath:"#/properties/model_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs8 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.input_messages !== undefined){
let data4 = data.input_messages;
const _errs10 = errors;
if(errors === _errs10){
if(Array.isArray(data4)){
var valid1 = true;
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
const _errs12 = errors;
if(!(validate41(data4[i0], instancePath+"/input_messages/" + i0, data4, i0, rootData))){
vErrors = vErrors === null ? validate41.errors : vErrors.concat(validate41.errors);
errors = vErrors.length;
}
var valid1 = _errs12 === errors;
if(!valid1){
break;
}
}
}
else {
validate40.errors = [{instancePath:instancePath+"/input_messages",schemaPath:"#/properties/input_messages/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs10 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.output_messages !== undefined){
let data6 = data.output_messages;
const _errs13 = errors;
if(errors === _errs13){
if(Array.isArray(data6)){
var valid2 = true;
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
const _errs15 = errors;
if(!(validate41(data6[i1], instancePath+"/output_messages/" + i1, data6, i1, rootData))){
vErrors = vErrors === null ? validate41.errors : vErrors.concat(validate41.errors);
errors = vErrors.length;
}
var valid2 = _errs15 === errors;
if(!valid2){
break;
}
}
}
else {
validate40.errors = [{instancePath:instancePath+"/output_messages",schemaPath:"#/properties/output_messages/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs13 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.output_text !== undefined){
let data8 = data.output_text;
const _errs16 = errors;
if((typeof data8 !== "string") && (data8 !== null)){
validate40.errors = [{instancePath:instancePath+"/output_text",schemaPath:"#/properties/output_text/type",keyword:"type",params:{type: schema49.properties.output_text.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs16 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.output_tool_calls !== undefined){
let data9 = data.output_tool_calls;
const _errs18 = errors;
if(errors === _errs18){
if(Array.isArray(data9)){
var valid3 = true;
const len2 = data9.length;
for(let i2=0; i2<len2; i2++){
let data10 = data9[i2];
const _errs20 = errors;
const _errs21 = errors;
if(errors === _errs21){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
let missing1;
if(((data10.name === undefined) && (missing1 = "name")) || ((data10.arguments === undefined) && (missing1 = "arguments"))){
validate40.errors = [{instancePath:instancePath+"/output_tool_calls/" + i2,schemaPath:"#/definitions/LMToolCall/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data10.id !== undefined){
let data11 = data10.id;
const _errs24 = errors;
if((typeof data11 !== "string") && (data11 !== null)){
validate40.errors = [{instancePath:instancePath+"/output_tool_calls/" + i2+"/id",schemaPath:"#/definitions/LMToolCall/properties/id/type",keyword:"type",params:{type: schema52.properties.id.type},message:"must be string,null"}];
return false;
}
var valid5 = _errs24 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data10.name !== undefined){
const _errs26 = errors;
if(typeof data10.name !== "string"){
validate40.errors = [{instancePath:instancePath+"/output_tool_calls/" + i2+"/name",schemaPath:"#/definitions/LMToolCall/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid5 = _errs26 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data10.arguments !== undefined){
const _errs28 = errors;
if(typeof data10.arguments !== "string"){
validate40.errors = [{instancePath:instancePath+"/output_tool_calls/" + i2+"/arguments",schemaPath:"#/definitions/LMToolCall/properties/arguments/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid5 = _errs28 === errors;
}
else {
var valid5 = true;
}
if(valid5){
const proto0 = Object.getPrototypeOf(data10);
if(proto0 !== Object.prototype && proto0 !== null){
validate40.errors = [{instancePath:instancePath+"/output_tool_calls/" + i2,schemaPath:"#/definitions/LMToolCall/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
else {
validate40.errors = [{instancePath:instancePath+"/output_tool_calls/" + i2,schemaPath:"#/definitions/LMToolCall/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid3 = _errs20 === errors;
if(!valid3){
break;
}
}
}
else {
validate40.errors = [{instancePath:instancePath+"/output_tool_calls",schemaPath:"#/properties/output_tool_calls/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.tools !== undefined){
let data14 = data.tools;
const _errs30 = errors;
if(errors === _errs30){
if(Array.isArray(data14)){
var valid6 = true;
const len3 = data14.length;
for(let i3=0; i3<len3; i3++){
let data15 = data14[i3];
const _errs32 = errors;
if(errors === _errs32){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
const ctor0 = data15.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data15).length > 0){
validate40.errors = [{instancePath:instancePath+"/tools/" + i3,schemaPath:"#/properties/tools/items/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate40.errors = [{instancePath:instancePath+"/tools/" + i3,schemaPath:"#/properties/tools/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid6 = _errs32 === errors;
if(!valid6){
break;
}
}
}
else {
validate40.errors = [{instancePath:instancePath+"/tools",schemaPath:"#/properties/tools/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs30 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.usage !== undefined){
let data16 = data.usage;
const _errs35 = errors;
if(errors === _errs35){
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.input_tokens !== undefined){
let data17 = data16.input_tokens;
const _errs38 = errors;
const _errs39 = errors;
let valid8 = true;
const _errs40 = errors;
var _valid0 = data17 === null;
errors = _errs39;
if(vErrors !== null){
if(_errs39){
vErrors.length = _errs39;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs42 = errors;
if(!((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17)))){
validate40.errors = [{instancePath:instancePath+"/usage/input_tokens",schemaPath:"#/properties/usage/properties/input_tokens/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs42){
if(typeof data17 == "number"){
if(data17 > 9007199254740991 || isNaN(data17)){
validate40.errors = [{instancePath:instancePath+"/usage/input_tokens",schemaPath:"#/properties/usage/properties/input_tokens/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data17 < -9007199254740991 || isNaN(data17)){
validate40.errors = [{instancePath:instancePath+"/usage/input_tokens",schemaPath:"#/properties/usage/properties/input_tokens/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data17)){
validate40.errors = [{instancePath:instancePath+"/usage/input_tokens",schemaPath:"#/properties/usage/properties/input_tokens/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs42 === errors;
valid8 = _valid0;
}
if(!valid8){
const err1 = {instancePath:instancePath+"/usage/input_tokens",schemaPath:"#/properties/usage/properties/input_tokens/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate40.errors = vErrors;
return false;
}
var valid7 = _errs38 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data16.output_tokens !== undefined){
let data18 = data16.output_tokens;
const _errs44 = errors;
const _errs45 = errors;
let valid9 = true;
const _errs46 = errors;
var _valid1 = data18 === null;
errors = _errs45;
if(vErrors !== null){
if(_errs45){
vErrors.length = _errs45;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs48 = errors;
if(!((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18)))){
validate40.errors = [{instancePath:instancePath+"/usage/output_tokens",schemaPath:"#/properties/usage/properties/output_tokens/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs48){
if(typeof data18 == "number"){
if(data18 > 9007199254740991 || isNaN(data18)){
validate40.errors = [{instancePath:instancePath+"/usage/output_tokens",schemaPath:"#/properties/usage/properties/output_tokens/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data18 < -9007199254740991 || isNaN(data18)){
validate40.errors = [{instancePath:instancePath+"/usage/output_tokens",schemaPath:"#/properties/usage/properties/output_tokens/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data18)){
validate40.errors = [{instancePath:instancePath+"/usage/output_tokens",schemaPath:"#/properties/usage/properties/output_tokens/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid1 = _errs48 === errors;
valid9 = _valid1;
}
if(!valid9){
const err3 = {instancePath:instancePath+"/usage/output_tokens",schemaPath:"#/properties/usage/properties/output_tokens/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate40.errors = vErrors;
return false;
}
var valid7 = _errs44 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data16.total_tokens !== undefined){
let data19 = data16.total_tokens;
const _errs50 = errors;
const _errs51 = errors;
let valid10 = true;
const _errs52 = errors;
var _valid2 = data19 === null;
errors = _errs51;
if(vErrors !== null){
if(_errs51){
vErrors.length = _errs51;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs54 = errors;
if(!((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19)))){
validate40.errors = [{instancePath:instancePath+"/usage/total_tokens",schemaPath:"#/properties/usage/properties/total_tokens/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs54){
if(typeof data19 == "number"){
if(data19 > 9007199254740991 || isNaN(data19)){
validate40.errors = [{instancePath:instancePath+"/usage/total_tokens",schemaPath:"#/properties/usage/properties/total_tokens/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data19 < -9007199254740991 || isNaN(data19)){
validate40.errors = [{instancePath:instancePath+"/usage/total_tokens",schemaPath:"#/properties/usage/properties/total_tokens/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data19)){
validate40.errors = [{instancePath:instancePath+"/usage/total_tokens",schemaPath:"#/properties/usage/properties/total_tokens/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid2 = _errs54 === errors;
valid10 = _valid2;
}
if(!valid10){
const err5 = {instancePath:instancePath+"/usage/total_tokens",schemaPath:"#/properties/usage/properties/total_tokens/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate40.errors = vErrors;
return false;
}
var valid7 = _errs50 === errors;
}
else {
var valid7 = true;
}
if(valid7){
const proto1 = Object.getPrototypeOf(data16);
if(proto1 !== Object.prototype && proto1 !== null){
validate40.errors = [{instancePath:instancePath+"/usage",schemaPath:"#/properties/usage/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
else {
validate40.errors = [{instancePath:instancePath+"/usage",schemaPath:"#/properties/usage/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs35 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.latency_ms !== undefined){
let data20 = data.latency_ms;
const _errs56 = errors;
const _errs57 = errors;
let valid11 = true;
const _errs58 = errors;
var _valid3 = data20 === null;
errors = _errs57;
if(vErrors !== null){
if(_errs57){
vErrors.length = _errs57;
}
else {
vErrors = null;
}
}
if(!_valid3){
const _errs60 = errors;
if(errors === _errs60){
if(typeof data20 == "number"){
if(!isFinite(data20)){
validate40.errors = [{instancePath:instancePath+"/latency_ms",schemaPath:"#/properties/latency_ms/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate40.errors = [{instancePath:instancePath+"/latency_ms",schemaPath:"#/properties/latency_ms/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid3 = _errs60 === errors;
valid11 = _valid3;
}
if(!valid11){
const err7 = {instancePath:instancePath+"/latency_ms",schemaPath:"#/properties/latency_ms/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
validate40.errors = vErrors;
return false;
}
var valid0 = _errs56 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.started_at !== undefined){
let data21 = data.started_at;
const _errs62 = errors;
if((typeof data21 !== "string") && (data21 !== null)){
validate40.errors = [{instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/type",keyword:"type",params:{type: schema49.properties.started_at.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs62 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.completed_at !== undefined){
let data22 = data.completed_at;
const _errs64 = errors;
if((typeof data22 !== "string") && (data22 !== null)){
validate40.errors = [{instancePath:instancePath+"/completed_at",schemaPath:"#/properties/completed_at/type",keyword:"type",params:{type: schema49.properties.completed_at.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs64 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data23 = data.metadata;
const _errs66 = errors;
if(errors === _errs66){
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
const ctor1 = data23.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data23).length > 0){
validate40.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate40.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs66 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto2 = Object.getPrototypeOf(data);
if(proto2 !== Object.prototype && proto2 !== null){
validate40.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate40.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate40.errors = vErrors;
return errors === 0;
}


function validate39(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((((((data.event_id === undefined) && (missing0 = "event_id")) || ((data.system_instance_id === undefined) && (missing0 = "system_instance_id"))) || ((data.time_record === undefined) && (missing0 = "time_record"))) || ((data.metadata === undefined) && (missing0 = "metadata"))) || ((data.event_type === undefined) && (missing0 = "event_type"))) || ((data.model_name === undefined) && (missing0 = "model_name"))) || ((data.call_records === undefined) && (missing0 = "call_records"))){
validate39.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.event_id !== undefined){
const _errs2 = errors;
if(typeof data.event_id !== "string"){
validate39.errors = [{instancePath:instancePath+"/event_id",schemaPath:"#/properties/event_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.system_instance_id !== undefined){
const _errs4 = errors;
if(typeof data.system_instance_id !== "string"){
validate39.errors = [{instancePath:instancePath+"/system_instance_id",schemaPath:"#/properties/system_instance_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.time_record !== undefined){
let data2 = data.time_record;
const _errs6 = errors;
const _errs7 = errors;
if(errors === _errs7){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if((data2.event_time === undefined) && (missing1 = "event_time")){
validate39.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data2.event_time !== undefined){
let data3 = data2.event_time;
const _errs10 = errors;
if(errors === _errs10){
if(typeof data3 == "number"){
if(!isFinite(data3)){
validate39.errors = [{instancePath:instancePath+"/time_record/event_time",schemaPath:"#/definitions/TimeRecord/properties/event_time/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate39.errors = [{instancePath:instancePath+"/time_record/event_time",schemaPath:"#/definitions/TimeRecord/properties/event_time/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data2.message_time !== undefined){
let data4 = data2.message_time;
const _errs12 = errors;
const _errs13 = errors;
let valid3 = true;
const _errs14 = errors;
var _valid0 = data4 === null;
errors = _errs13;
if(vErrors !== null){
if(_errs13){
vErrors.length = _errs13;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs16 = errors;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
validate39.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs16){
if(typeof data4 == "number"){
if(data4 > 9007199254740991 || isNaN(data4)){
validate39.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data4 < -9007199254740991 || isNaN(data4)){
validate39.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data4)){
validate39.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs16 === errors;
valid3 = _valid0;
}
if(!valid3){
const err1 = {instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate39.errors = vErrors;
return false;
}
var valid2 = _errs12 === errors;
}
else {
var valid2 = true;
}
if(valid2){
const proto0 = Object.getPrototypeOf(data2);
if(proto0 !== Object.prototype && proto0 !== null){
validate39.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data5 = data.metadata;
const _errs18 = errors;
if(errors === _errs18){
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
const ctor0 = data5.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data5).length > 0){
validate39.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate39.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_metadata !== undefined){
let data6 = data.event_metadata;
const _errs21 = errors;
if((!(Array.isArray(data6))) && (data6 !== null)){
validate39.errors = [{instancePath:instancePath+"/event_metadata",schemaPath:"#/properties/event_metadata/type",keyword:"type",params:{type: schema47.properties.event_metadata.type},message:"must be array,null"}];
return false;
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_type !== undefined){
let data7 = data.event_type;
const _errs23 = errors;
if(typeof data7 !== "string"){
validate39.errors = [{instancePath:instancePath+"/event_type",schemaPath:"#/properties/event_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if("cais" !== data7){
validate39.errors = [{instancePath:instancePath+"/event_type",schemaPath:"#/properties/event_type/const",keyword:"const",params:{allowedValue: "cais"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs23 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.model_name !== undefined){
const _errs25 = errors;
if(typeof data.model_name !== "string"){
validate39.errors = [{instancePath:instancePath+"/model_name",schemaPath:"#/properties/model_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs25 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.provider !== undefined){
let data9 = data.provider;
const _errs27 = errors;
if((typeof data9 !== "string") && (data9 !== null)){
validate39.errors = [{instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/type",keyword:"type",params:{type: schema47.properties.provider.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs27 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.input_tokens !== undefined){
let data10 = data.input_tokens;
const _errs29 = errors;
const _errs30 = errors;
let valid4 = true;
const _errs31 = errors;
var _valid1 = data10 === null;
errors = _errs30;
if(vErrors !== null){
if(_errs30){
vErrors.length = _errs30;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs33 = errors;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
validate39.errors = [{instancePath:instancePath+"/input_tokens",schemaPath:"#/properties/input_tokens/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs33){
if(typeof data10 == "number"){
if(data10 > 9007199254740991 || isNaN(data10)){
validate39.errors = [{instancePath:instancePath+"/input_tokens",schemaPath:"#/properties/input_tokens/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 < -9007199254740991 || isNaN(data10)){
validate39.errors = [{instancePath:instancePath+"/input_tokens",schemaPath:"#/properties/input_tokens/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data10)){
validate39.errors = [{instancePath:instancePath+"/input_tokens",schemaPath:"#/properties/input_tokens/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid1 = _errs33 === errors;
valid4 = _valid1;
}
if(!valid4){
const err3 = {instancePath:instancePath+"/input_tokens",schemaPath:"#/properties/input_tokens/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate39.errors = vErrors;
return false;
}
var valid0 = _errs29 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.output_tokens !== undefined){
let data11 = data.output_tokens;
const _errs35 = errors;
const _errs36 = errors;
let valid5 = true;
const _errs37 = errors;
var _valid2 = data11 === null;
errors = _errs36;
if(vErrors !== null){
if(_errs36){
vErrors.length = _errs36;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs39 = errors;
if(!((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11)))){
validate39.errors = [{instancePath:instancePath+"/output_tokens",schemaPath:"#/properties/output_tokens/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs39){
if(typeof data11 == "number"){
if(data11 > 9007199254740991 || isNaN(data11)){
validate39.errors = [{instancePath:instancePath+"/output_tokens",schemaPath:"#/properties/output_tokens/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data11 < -9007199254740991 || isNaN(data11)){
validate39.errors = [{instancePath:instancePath+"/output_tokens",schemaPath:"#/properties/output_tokens/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data11)){
validate39.errors = [{instancePath:instancePath+"/output_tokens",schemaPath:"#/properties/output_tokens/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid2 = _errs39 === errors;
valid5 = _valid2;
}
if(!valid5){
const err5 = {instancePath:instancePath+"/output_tokens",schemaPath:"#/properties/output_tokens/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate39.errors = vErrors;
return false;
}
var valid0 = _errs35 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.total_tokens !== undefined){
let data12 = data.total_tokens;
const _errs41 = errors;
const _errs42 = errors;
let valid6 = true;
const _errs43 = errors;
var _valid3 = data12 === null;
errors = _errs42;
if(vErrors !== null){
if(_errs42){
vErrors.length = _errs42;
}
else {
vErrors = null;
}
}
if(!_valid3){
const _errs45 = errors;
if(!((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12)))){
validate39.errors = [{instancePath:instancePath+"/total_tokens",schemaPath:"#/properties/total_tokens/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs45){
if(typeof data12 == "number"){
if(data12 > 9007199254740991 || isNaN(data12)){
validate39.errors = [{instancePath:instancePath+"/total_tokens",schemaPath:"#/properties/total_tokens/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data12 < -9007199254740991 || isNaN(data12)){
validate39.errors = [{instancePath:instancePath+"/total_tokens",schemaPath:"#/properties/total_tokens/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data12)){
validate39.errors = [{instancePath:instancePath+"/total_tokens",schemaPath:"#/properties/total_tokens/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid3 = _errs45 === errors;
valid6 = _valid3;
}
if(!valid6){
const err7 = {instancePath:instancePath+"/total_tokens",schemaPath:"#/properties/total_tokens/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
validate39.errors = vErrors;
return false;
}
var valid0 = _errs41 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.cost_usd !== undefined){
let data13 = data.cost_usd;
const _errs47 = errors;
const _errs48 = errors;
let valid7 = true;
const _errs49 = errors;
var _valid4 = data13 === null;
errors = _errs48;
if(vErrors !== null){
if(_errs48){
vErrors.length = _errs48;
}
else {
vErrors = null;
}
}
if(!_valid4){
const _errs51 = errors;
if(errors === _errs51){
if(typeof data13 == "number"){
if(!isFinite(data13)){
validate39.errors = [{instancePath:instancePath+"/cost_usd",schemaPath:"#/properties/cost_usd/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate39.errors = [{instancePath:instancePath+"/cost_usd",schemaPath:"#/properties/cost_usd/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid4 = _errs51 === errors;
valid7 = _valid4;
}
if(!valid7){
const err9 = {instancePath:instancePath+"/cost_usd",schemaPath:"#/properties/cost_usd/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
validate39.errors = vErrors;
return false;
}
var valid0 = _errs47 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.latency_ms !== undefined){
let data14 = data.latency_ms;
const _errs53 = errors;
const _errs54 = errors;
let valid8 = true;
const _errs55 = errors;
var _valid5 = data14 === null;
errors = _errs54;
if(vErrors !== null){
if(_errs54){
vErrors.length = _errs54;
}
else {
vErrors = null;
}
}
if(!_valid5){
const _errs57 = errors;
if(!((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14)))){
validate39.errors = [{instancePath:instancePath+"/latency_ms",schemaPath:"#/properties/latency_ms/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs57){
if(typeof data14 == "number"){
if(data14 > 9007199254740991 || isNaN(data14)){
validate39.errors = [{instancePath:instancePath+"/latency_ms",schemaPath:"#/properties/latency_ms/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data14 < -9007199254740991 || isNaN(data14)){
validate39.errors = [{instancePath:instancePath+"/latency_ms",schemaPath:"#/properties/latency_ms/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data14)){
validate39.errors = [{instancePath:instancePath+"/latency_ms",schemaPath:"#/properties/latency_ms/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid5 = _errs57 === errors;
valid8 = _valid5;
}
if(!valid8){
const err11 = {instancePath:instancePath+"/latency_ms",schemaPath:"#/properties/latency_ms/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
validate39.errors = vErrors;
return false;
}
var valid0 = _errs53 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.span_id !== undefined){
let data15 = data.span_id;
const _errs59 = errors;
if((typeof data15 !== "string") && (data15 !== null)){
validate39.errors = [{instancePath:instancePath+"/span_id",schemaPath:"#/properties/span_id/type",keyword:"type",params:{type: schema47.properties.span_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs59 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.trace_id !== undefined){
let data16 = data.trace_id;
const _errs61 = errors;
if((typeof data16 !== "string") && (data16 !== null)){
validate39.errors = [{instancePath:instancePath+"/trace_id",schemaPath:"#/properties/trace_id/type",keyword:"type",params:{type: schema47.properties.trace_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs61 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.call_records !== undefined){
let data17 = data.call_records;
const _errs63 = errors;
if(errors === _errs63){
if(Array.isArray(data17)){
var valid9 = true;
const len0 = data17.length;
for(let i0=0; i0<len0; i0++){
const _errs65 = errors;
if(!(validate40(data17[i0], instancePath+"/call_records/" + i0, data17, i0, rootData))){
vErrors = vErrors === null ? validate40.errors : vErrors.concat(validate40.errors);
errors = vErrors.length;
}
var valid9 = _errs65 === errors;
if(!valid9){
break;
}
}
}
else {
validate39.errors = [{instancePath:instancePath+"/call_records",schemaPath:"#/properties/call_records/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs63 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto1 = Object.getPrototypeOf(data);
if(proto1 !== Object.prototype && proto1 !== null){
validate39.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate39.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate39.errors = vErrors;
return errors === 0;
}

const schema53 = {"type":"object","properties":{"event_id":{"type":"string"},"system_instance_id":{"type":"string"},"time_record":{"$ref":"#/definitions/TimeRecord"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"event_metadata":{"type":["array","null"],"items":{}},"event_type":{"type":"string","const":"environment"},"reward":{"type":"number","finite":true},"terminated":{"type":"boolean"},"truncated":{"type":"boolean"},"system_state_before":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}},"system_state_after":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{},"plainRecord":true}}},"required":["event_id","system_instance_id","time_record","metadata","event_type","reward","terminated","truncated"],"additionalProperties":{},"plainObject":true};

function validate45(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((((((data.event_id === undefined) && (missing0 = "event_id")) || ((data.system_instance_id === undefined) && (missing0 = "system_instance_id"))) || ((data.time_record === undefined) && (missing0 = "time_record"))) || ((data.metadata === undefined) && (missing0 = "metadata"))) || ((data.event_type === undefined) && (missing0 = "event_type"))) || ((data.reward === undefined) && (missing0 = "reward"))) || ((data.terminated === undefined) && (missing0 = "terminated"))) || ((data.truncated === undefined) && (missing0 = "truncated"))){
validate45.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.event_id !== undefined){
const _errs2 = errors;
if(typeof data.event_id !== "string"){
validate45.errors = [{instancePath:instancePath+"/event_id",schemaPath:"#/properties/event_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.system_instance_id !== undefined){
const _errs4 = errors;
if(typeof data.system_instance_id !== "string"){
validate45.errors = [{instancePath:instancePath+"/system_instance_id",schemaPath:"#/properties/system_instance_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.time_record !== undefined){
let data2 = data.time_record;
const _errs6 = errors;
const _errs7 = errors;
if(errors === _errs7){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if((data2.event_time === undefined) && (missing1 = "event_time")){
validate45.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data2.event_time !== undefined){
let data3 = data2.event_time;
const _errs10 = errors;
if(errors === _errs10){
if(typeof data3 == "number"){
if(!isFinite(data3)){
validate45.errors = [{instancePath:instancePath+"/time_record/event_time",schemaPath:"#/definitions/TimeRecord/properties/event_time/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate45.errors = [{instancePath:instancePath+"/time_record/event_time",schemaPath:"#/definitions/TimeRecord/properties/event_time/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data2.message_time !== undefined){
let data4 = data2.message_time;
const _errs12 = errors;
const _errs13 = errors;
let valid3 = true;
const _errs14 = errors;
var _valid0 = data4 === null;
errors = _errs13;
if(vErrors !== null){
if(_errs13){
vErrors.length = _errs13;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs16 = errors;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
validate45.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs16){
if(typeof data4 == "number"){
if(data4 > 9007199254740991 || isNaN(data4)){
validate45.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data4 < -9007199254740991 || isNaN(data4)){
validate45.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data4)){
validate45.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs16 === errors;
valid3 = _valid0;
}
if(!valid3){
const err1 = {instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate45.errors = vErrors;
return false;
}
var valid2 = _errs12 === errors;
}
else {
var valid2 = true;
}
if(valid2){
const proto0 = Object.getPrototypeOf(data2);
if(proto0 !== Object.prototype && proto0 !== null){
validate45.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
else {
validate45.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data5 = data.metadata;
const _errs18 = errors;
if(errors === _errs18){
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
const ctor0 = data5.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data5).length > 0){
validate45.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate45.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_metadata !== undefined){
let data6 = data.event_metadata;
const _errs21 = errors;
if((!(Array.isArray(data6))) && (data6 !== null)){
validate45.errors = [{instancePath:instancePath+"/event_metadata",schemaPath:"#/properties/event_metadata/type",keyword:"type",params:{type: schema53.properties.event_metadata.type},message:"must be array,null"}];
return false;
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_type !== undefined){
let data7 = data.event_type;
const _errs23 = errors;
if(typeof data7 !== "string"){
validate45.errors = [{instancePath:instancePath+"/event_type",schemaPath:"#/properties/event_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if("environment" !== data7){
validate45.errors = [{instancePath:instancePath+"/event_type",schemaPath:"#/properties/event_type/const",keyword:"const",params:{allowedValue: "environment"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs23 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.reward !== undefined){
let data8 = data.reward;
const _errs25 = errors;
if(errors === _errs25){
if(typeof data8 == "number"){
if(!isFinite(data8)){
validate45.errors = [{instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate45.errors = [{instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs25 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.terminated !== undefined){
const _errs27 = errors;
if(typeof data.terminated !== "boolean"){
validate45.errors = [{instancePath:instancePath+"/terminated",schemaPath:"#/properties/terminated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs27 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.truncated !== undefined){
const _errs29 = errors;
if(typeof data.truncated !== "boolean"){
validate45.errors = [{instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs29 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.system_state_before !== undefined){
let data11 = data.system_state_before;
const _errs31 = errors;
const _errs32 = errors;
let valid4 = true;
const _errs33 = errors;
var _valid1 = data11 === null;
errors = _errs32;
if(vErrors !== null){
if(_errs32){
vErrors.length = _errs32;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs35 = errors;
if(errors === _errs35){
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
const ctor1 = data11.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data11).length > 0){
validate45.errors = [{instancePath:instancePath+"/system_state_before",schemaPath:"#/properties/system_state_before/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate45.errors = [{instancePath:instancePath+"/system_state_before",schemaPath:"#/properties/system_state_before/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid1 = _errs35 === errors;
valid4 = _valid1;
}
if(!valid4){
const err3 = {instancePath:instancePath+"/system_state_before",schemaPath:"#/properties/system_state_before/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate45.errors = vErrors;
return false;
}
var valid0 = _errs31 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.system_state_after !== undefined){
let data12 = data.system_state_after;
const _errs38 = errors;
const _errs39 = errors;
let valid5 = true;
const _errs40 = errors;
var _valid2 = data12 === null;
errors = _errs39;
if(vErrors !== null){
if(_errs39){
vErrors.length = _errs39;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs42 = errors;
if(errors === _errs42){
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
const ctor2 = data12.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data12).length > 0){
validate45.errors = [{instancePath:instancePath+"/system_state_after",schemaPath:"#/properties/system_state_after/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate45.errors = [{instancePath:instancePath+"/system_state_after",schemaPath:"#/properties/system_state_after/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid2 = _errs42 === errors;
valid5 = _valid2;
}
if(!valid5){
const err5 = {instancePath:instancePath+"/system_state_after",schemaPath:"#/properties/system_state_after/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate45.errors = vErrors;
return false;
}
var valid0 = _errs38 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto1 = Object.getPrototypeOf(data);
if(proto1 !== Object.prototype && proto1 !== null){
validate45.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate45.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate45.errors = vErrors;
return errors === 0;
}

const schema55 = {"type":"object","properties":{"event_id":{"type":"string"},"system_instance_id":{"type":"string"},"time_record":{"$ref":"#/definitions/TimeRecord"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true},"event_metadata":{"type":["array","null"],"items":{}},"event_type":{"type":"string","const":"runtime"},"actions":{"type":"array","items":{}}},"required":["event_id","system_instance_id","time_record","metadata","event_type","actions"],"additionalProperties":{},"plainObject":true};

function validate46(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((((data.event_id === undefined) && (missing0 = "event_id")) || ((data.system_instance_id === undefined) && (missing0 = "system_instance_id"))) || ((data.time_record === undefined) && (missing0 = "time_record"))) || ((data.metadata === undefined) && (missing0 = "metadata"))) || ((data.event_type === undefined) && (missing0 = "event_type"))) || ((data.actions === undefined) && (missing0 = "actions"))){
validate46.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.event_id !== undefined){
const _errs2 = errors;
if(typeof data.event_id !== "string"){
validate46.errors = [{instancePath:instancePath+"/event_id",schemaPath:"#/properties/event_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.system_instance_id !== undefined){
const _errs4 = errors;
if(typeof data.system_instance_id !== "string"){
validate46.errors = [{instancePath:instancePath+"/system_instance_id",schemaPath:"#/properties/system_instance_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.time_record !== undefined){
let data2 = data.time_record;
const _errs6 = errors;
const _errs7 = errors;
if(errors === _errs7){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if((data2.event_time === undefined) && (missing1 = "event_time")){
validate46.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data2.event_time !== undefined){
let data3 = data2.event_time;
const _errs10 = errors;
if(errors === _errs10){
if(typeof data3 == "number"){
if(!isFinite(data3)){
validate46.errors = [{instancePath:instancePath+"/time_record/event_time",schemaPath:"#/definitions/TimeRecord/properties/event_time/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate46.errors = [{instancePath:instancePath+"/time_record/event_time",schemaPath:"#/definitions/TimeRecord/properties/event_time/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data2.message_time !== undefined){
let data4 = data2.message_time;
const _errs12 = errors;
const _errs13 = errors;
let valid3 = true;
const _errs14 = errors;
var _valid0 = data4 === null;
errors = _errs13;
if(vErrors !== null){
if(_errs13){
vErrors.length = _errs13;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs16 = errors;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
validate46.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs16){
if(typeof data4 == "number"){
if(data4 > 9007199254740991 || isNaN(data4)){
validate46.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data4 < -9007199254740991 || isNaN(data4)){
validate46.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data4)){
validate46.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs16 === errors;
valid3 = _valid0;
}
if(!valid3){
const err1 = {instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate46.errors = vErrors;
return false;
}
var valid2 = _errs12 === errors;
}
else {
var valid2 = true;
}
if(valid2){
const proto0 = Object.getPrototypeOf(data2);
if(proto0 !== Object.prototype && proto0 !== null){
validate46.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
else {
validate46.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data5 = data.metadata;
const _errs18 = errors;
if(errors === _errs18){
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
const ctor0 = data5.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data5).length > 0){
validate46.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate46.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_metadata !== undefined){
let data6 = data.event_metadata;
const _errs21 = errors;
if((!(Array.isArray(data6))) && (data6 !== null)){
validate46.errors = [{instancePath:instancePath+"/event_metadata",schemaPath:"#/properties/event_metadata/type",keyword:"type",params:{type: schema55.properties.event_metadata.type},message:"must be array,null"}];
return false;
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_type !== undefined){
let data7 = data.event_type;
const _errs23 = errors;
if(typeof data7 !== "string"){
validate46.errors = [{instancePath:instancePath+"/event_type",schemaPath:"#/properties/event_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if("runtime" !== data7){
validate46.errors = [{instancePath:instancePath+"/event_type",schemaPath:"#/properties/event_type/const",keyword:"const",params:{allowedValue: "runtime"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs23 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.actions !== undefined){
const _errs25 = errors;
if(errors === _errs25){
if(!(Array.isArray(data.actions))){
validate46.errors = [{instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs25 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto1 = Object.getPrototypeOf(data);
if(proto1 !== Object.prototype && proto1 !== null){
validate46.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
else {
validate46.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate46.errors = vErrors;
return errors === 0;
}


function validate38(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
const tag0 = data.event_type;
if(typeof tag0 == "string"){
if(tag0 === "cais"){
if(!(validate39(data, instancePath, parentData, parentDataProperty, rootData))){
vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
errors = vErrors.length;
}
}
else if(tag0 === "environment"){
if(!(validate45(data, instancePath, parentData, parentDataProperty, rootData))){
vErrors = vErrors === null ? validate45.errors : vErrors.concat(validate45.errors);
errors = vErrors.length;
}
}
else if(tag0 === "runtime"){
if(!(validate46(data, instancePath, parentData, parentDataProperty, rootData))){
vErrors = vErrors === null ? validate46.errors : vErrors.concat(validate46.errors);
errors = vErrors.length;
}
}
else {
validate38.errors = [{instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "event_type", tagValue: tag0},message:"value of tag \"event_type\" must be in oneOf"}];
return false;
}
}
else {
validate38.errors = [{instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "event_type", tagValue: tag0},message:"tag \"event_type\" must be string"}];
return false;
}
}
else {
validate38.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate38.errors = vErrors;
return errors === 0;
}

const schema57 = {"type":"object","properties":{"message_id":{"type":"string"},"message_type":{"$ref":"#/definitions/TracedMessageType"},"content":{"type":"object","properties":{"text":{"type":["string","null"]},"json_payload":{"type":["string","null"]}},"additionalProperties":{},"plainObject":true},"time_record":{"$ref":"#/definitions/TimeRecord"},"metadata":{"type":"object","additionalProperties":{},"plainRecord":true}},"required":["message_id","message_type","content","time_record","metadata"],"additionalProperties":{},"plainObject":true};
const schema58 = {"type":"string","enum":["user","assistant","system","tool_use","tool_result"]};

function validate51(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((((data.message_id === undefined) && (missing0 = "message_id")) || ((data.message_type === undefined) && (missing0 = "message_type"))) || ((data.content === undefined) && (missing0 = "content"))) || ((data.time_record === undefined) && (missing0 = "time_record"))) || ((data.metadata === undefined) && (missing0 = "metadata"))){
validate51.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.message_id !== undefined){
const _errs2 = errors;
if(typeof data.message_id !== "string"){
validate51.errors = [{instancePath:instancePath+"/message_id",schemaPath:"#/properties/message_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.message_type !== undefined){
let data1 = data.message_type;
const _errs4 = errors;
if(typeof data1 !== "string"){
validate51.errors = [{instancePath:instancePath+"/message_type",schemaPath:"#/definitions/TracedMessageType/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((((data1 === "user") || (data1 === "assistant")) || (data1 === "system")) || (data1 === "tool_use")) || (data1 === "tool_result"))){
validate51.errors = [{instancePath:instancePath+"/message_type",schemaPath:"#/definitions/TracedMessageType/enum",keyword:"enum",params:{allowedValues: schema58.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.content !== undefined){
let data2 = data.content;
const _errs7 = errors;
if(errors === _errs7){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.text !== undefined){
let data3 = data2.text;
const _errs10 = errors;
if((typeof data3 !== "string") && (data3 !== null)){
validate51.errors = [{instancePath:instancePath+"/content/text",schemaPath:"#/properties/content/properties/text/type",keyword:"type",params:{type: schema57.properties.content.properties.text.type},message:"must be string,null"}];
return false;
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data2.json_payload !== undefined){
let data4 = data2.json_payload;
const _errs12 = errors;
if((typeof data4 !== "string") && (data4 !== null)){
validate51.errors = [{instancePath:instancePath+"/content/json_payload",schemaPath:"#/properties/content/properties/json_payload/type",keyword:"type",params:{type: schema57.properties.content.properties.json_payload.type},message:"must be string,null"}];
return false;
}
var valid2 = _errs12 === errors;
}
else {
var valid2 = true;
}
if(valid2){
const proto0 = Object.getPrototypeOf(data2);
if(proto0 !== Object.prototype && proto0 !== null){
validate51.errors = [{instancePath:instancePath+"/content",schemaPath:"#/properties/content/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
else {
validate51.errors = [{instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.time_record !== undefined){
let data5 = data.time_record;
const _errs14 = errors;
const _errs15 = errors;
if(errors === _errs15){
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
let missing1;
if((data5.event_time === undefined) && (missing1 = "event_time")){
validate51.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data5.event_time !== undefined){
let data6 = data5.event_time;
const _errs18 = errors;
if(errors === _errs18){
if(typeof data6 == "number"){
if(!isFinite(data6)){
validate51.errors = [{instancePath:instancePath+"/time_record/event_time",schemaPath:"#/definitions/TimeRecord/properties/event_time/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate51.errors = [{instancePath:instancePath+"/time_record/event_time",schemaPath:"#/definitions/TimeRecord/properties/event_time/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid4 = _errs18 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data5.message_time !== undefined){
let data7 = data5.message_time;
const _errs20 = errors;
const _errs21 = errors;
let valid5 = true;
const _errs22 = errors;
var _valid0 = data7 === null;
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs24 = errors;
if(!((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7)))){
validate51.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs24){
if(typeof data7 == "number"){
if(data7 > 9007199254740991 || isNaN(data7)){
validate51.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data7 < -9007199254740991 || isNaN(data7)){
validate51.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data7)){
validate51.errors = [{instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs24 === errors;
valid5 = _valid0;
}
if(!valid5){
const err1 = {instancePath:instancePath+"/time_record/message_time",schemaPath:"#/definitions/TimeRecord/properties/message_time/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate51.errors = vErrors;
return false;
}
var valid4 = _errs20 === errors;
}
else {
var valid4 = true;
}
if(valid4){
const proto1 = Object.getPrototypeOf(data5);
if(proto1 !== Object.prototype && proto1 !== null){
validate51.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
else {
validate51.errors = [{instancePath:instancePath+"/time_record",schemaPath:"#/definitions/TimeRecord/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs14 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data8 = data.metadata;
const _errs26 = errors;
if(errors === _errs26){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
const ctor0 = data8.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data8).length > 0){
validate51.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate51.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs26 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto2 = Object.getPrototypeOf(data);
if(proto2 !== Object.prototype && proto2 !== null){
validate51.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
else {
validate51.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate51.errors = vErrors;
return errors === 0;
}


function validate37(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((((((data.step_id === undefined) && (missing0 = "step_id")) || ((data.step_index === undefined) && (missing0 = "step_index"))) || ((data.turn_number === undefined) && (missing0 = "turn_number"))) || ((data.timestamp === undefined) && (missing0 = "timestamp"))) || ((data.completed_at === undefined) && (missing0 = "completed_at"))) || ((data.events === undefined) && (missing0 = "events"))) || ((data.markov_blanket_messages === undefined) && (missing0 = "markov_blanket_messages"))) || ((data.step_metadata === undefined) && (missing0 = "step_metadata"))){
validate37.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.step_id !== undefined){
const _errs2 = errors;
if(typeof data.step_id !== "string"){
validate37.errors = [{instancePath:instancePath+"/step_id",schemaPath:"#/properties/step_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.step_index !== undefined){
let data1 = data.step_index;
const _errs4 = errors;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
validate37.errors = [{instancePath:instancePath+"/step_index",schemaPath:"#/properties/step_index/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs4){
if(typeof data1 == "number"){
if(data1 > 9007199254740991 || isNaN(data1)){
validate37.errors = [{instancePath:instancePath+"/step_index",schemaPath:"#/properties/step_index/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data1 < 0 || isNaN(data1)){
validate37.errors = [{instancePath:instancePath+"/step_index",schemaPath:"#/properties/step_index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data1)){
validate37.errors = [{instancePath:instancePath+"/step_index",schemaPath:"#/properties/step_index/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.turn_number !== undefined){
let data2 = data.turn_number;
const _errs6 = errors;
const _errs7 = errors;
let valid1 = true;
const _errs8 = errors;
var _valid0 = data2 === null;
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs10 = errors;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
validate37.errors = [{instancePath:instancePath+"/turn_number",schemaPath:"#/properties/turn_number/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs10){
if(typeof data2 == "number"){
if(data2 > 9007199254740991 || isNaN(data2)){
validate37.errors = [{instancePath:instancePath+"/turn_number",schemaPath:"#/properties/turn_number/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data2 < -9007199254740991 || isNaN(data2)){
validate37.errors = [{instancePath:instancePath+"/turn_number",schemaPath:"#/properties/turn_number/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data2)){
validate37.errors = [{instancePath:instancePath+"/turn_number",schemaPath:"#/properties/turn_number/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs10 === errors;
valid1 = _valid0;
}
if(!valid1){
const err1 = {instancePath:instancePath+"/turn_number",schemaPath:"#/properties/turn_number/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate37.errors = vErrors;
return false;
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.timestamp !== undefined){
const _errs12 = errors;
if(typeof data.timestamp !== "string"){
validate37.errors = [{instancePath:instancePath+"/timestamp",schemaPath:"#/properties/timestamp/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs12 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.completed_at !== undefined){
let data4 = data.completed_at;
const _errs14 = errors;
if((typeof data4 !== "string") && (data4 !== null)){
validate37.errors = [{instancePath:instancePath+"/completed_at",schemaPath:"#/properties/completed_at/type",keyword:"type",params:{type: schema45.properties.completed_at.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs14 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.events !== undefined){
let data5 = data.events;
const _errs16 = errors;
if(errors === _errs16){
if(Array.isArray(data5)){
var valid2 = true;
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
const _errs18 = errors;
if(!(validate38(data5[i0], instancePath+"/events/" + i0, data5, i0, rootData))){
vErrors = vErrors === null ? validate38.errors : vErrors.concat(validate38.errors);
errors = vErrors.length;
}
var valid2 = _errs18 === errors;
if(!valid2){
break;
}
}
}
else {
validate37.errors = [{instancePath:instancePath+"/events",schemaPath:"#/properties/events/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs16 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.markov_blanket_messages !== undefined){
let data7 = data.markov_blanket_messages;
const _errs19 = errors;
if(errors === _errs19){
if(Array.isArray(data7)){
var valid3 = true;
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
const _errs21 = errors;
if(!(validate51(data7[i1], instancePath+"/markov_blanket_messages/" + i1, data7, i1, rootData))){
vErrors = vErrors === null ? validate51.errors : vErrors.concat(validate51.errors);
errors = vErrors.length;
}
var valid3 = _errs21 === errors;
if(!valid3){
break;
}
}
}
else {
validate37.errors = [{instancePath:instancePath+"/markov_blanket_messages",schemaPath:"#/properties/markov_blanket_messages/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs19 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.step_metadata !== undefined){
let data9 = data.step_metadata;
const _errs22 = errors;
if(errors === _errs22){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
const ctor0 = data9.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data9).length > 0){
validate37.errors = [{instancePath:instancePath+"/step_metadata",schemaPath:"#/properties/step_metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate37.errors = [{instancePath:instancePath+"/step_metadata",schemaPath:"#/properties/step_metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs22 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto0 = Object.getPrototypeOf(data);
if(proto0 !== Object.prototype && proto0 !== null){
validate37.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
else {
validate37.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate37.errors = vErrors;
return errors === 0;
}


function validate36(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((((((((data.session_id === undefined) && (missing0 = "session_id")) || ((data.created_at === undefined) && (missing0 = "created_at"))) || ((data.metadata === undefined) && (missing0 = "metadata"))) || ((data.session_time_steps === undefined) && (missing0 = "session_time_steps"))) || ((data.event_history === undefined) && (missing0 = "event_history"))) || ((data.markov_blanket_message_history === undefined) && (missing0 = "markov_blanket_message_history"))) || ((data.session_metadata === undefined) && (missing0 = "session_metadata"))) || ((data.event_rewards === undefined) && (missing0 = "event_rewards"))) || ((data.outcome_rewards === undefined) && (missing0 = "outcome_rewards"))){
validate36.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.session_id !== undefined){
const _errs2 = errors;
if(typeof data.session_id !== "string"){
validate36.errors = [{instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.created_at !== undefined){
const _errs4 = errors;
if(typeof data.created_at !== "string"){
validate36.errors = [{instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data2 = data.metadata;
const _errs6 = errors;
if(errors === _errs6){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
const ctor0 = data2.constructor;
if(ctor0 !== Object && typeof ctor0 == "function" && !(typeof ctor0.prototype == "object" && ctor0.prototype !== null && Object.prototype.hasOwnProperty.call(ctor0.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data2).length > 0){
validate36.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate36.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session_time_steps !== undefined){
let data3 = data.session_time_steps;
const _errs9 = errors;
if(errors === _errs9){
if(Array.isArray(data3)){
var valid1 = true;
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
const _errs11 = errors;
if(!(validate37(data3[i0], instancePath+"/session_time_steps/" + i0, data3, i0, rootData))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
var valid1 = _errs11 === errors;
if(!valid1){
break;
}
}
}
else {
validate36.errors = [{instancePath:instancePath+"/session_time_steps",schemaPath:"#/properties/session_time_steps/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_history !== undefined){
let data5 = data.event_history;
const _errs12 = errors;
if(errors === _errs12){
if(Array.isArray(data5)){
var valid2 = true;
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
const _errs14 = errors;
if(!(validate38(data5[i1], instancePath+"/event_history/" + i1, data5, i1, rootData))){
vErrors = vErrors === null ? validate38.errors : vErrors.concat(validate38.errors);
errors = vErrors.length;
}
var valid2 = _errs14 === errors;
if(!valid2){
break;
}
}
}
else {
validate36.errors = [{instancePath:instancePath+"/event_history",schemaPath:"#/properties/event_history/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs12 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.markov_blanket_message_history !== undefined){
let data7 = data.markov_blanket_message_history;
const _errs15 = errors;
if(errors === _errs15){
if(Array.isArray(data7)){
var valid3 = true;
const len2 = data7.length;
for(let i2=0; i2<len2; i2++){
const _errs17 = errors;
if(!(validate51(data7[i2], instancePath+"/markov_blanket_message_history/" + i2, data7, i2, rootData))){
vErrors = vErrors === null ? validate51.errors : vErrors.concat(validate51.errors);
errors = vErrors.length;
}
var valid3 = _errs17 === errors;
if(!valid3){
break;
}
}
}
else {
validate36.errors = [{instancePath:instancePath+"/markov_blanket_message_history",schemaPath:"#/properties/markov_blanket_message_history/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session_metadata !== undefined){
const _errs18 = errors;
if(errors === _errs18){
if(!(Array.isArray(data.session_metadata))){
validate36.errors = [{instancePath:instancePath+"/session_metadata",schemaPath:"#/properties/session_metadata/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_rewards !== undefined){
let data10 = data.event_rewards;
const _errs20 = errors;
if(errors === _errs20){
if(Array.isArray(data10)){
var valid4 = true;
const len3 = data10.length;
for(let i3=0; i3<len3; i3++){
let data11 = data10[i3];
const _errs22 = errors;
const _errs23 = errors;
if(errors === _errs23){
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.objective_key === undefined){
data11.objective_key = "reward";
}
let missing1;
if(((((((((data11.event_id === undefined) && (missing1 = "event_id")) || ((data11.turn_number === undefined) && (missing1 = "turn_number"))) || ((data11.reward_value === undefined) && (missing1 = "reward_value"))) || ((data11.reward_type === undefined) && (missing1 = "reward_type"))) || ((data11.key === undefined) && (missing1 = "key"))) || ((data11.annotation === undefined) && (missing1 = "annotation"))) || ((data11.source === undefined) && (missing1 = "source"))) || ((data11.created_at === undefined) && (missing1 = "created_at"))){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3,schemaPath:"#/definitions/TracedEventReward/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data11.event_id !== undefined){
const _errs26 = errors;
if(typeof data11.event_id !== "string"){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/event_id",schemaPath:"#/definitions/TracedEventReward/properties/event_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid6 = _errs26 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data11.turn_number !== undefined){
let data13 = data11.turn_number;
const _errs28 = errors;
const _errs29 = errors;
let valid7 = true;
const _errs30 = errors;
var _valid0 = data13 === null;
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs32 = errors;
if(!((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13)))){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/turn_number",schemaPath:"#/definitions/TracedEventReward/properties/turn_number/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs32){
if(typeof data13 == "number"){
if(data13 > 9007199254740991 || isNaN(data13)){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/turn_number",schemaPath:"#/definitions/TracedEventReward/properties/turn_number/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data13 < -9007199254740991 || isNaN(data13)){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/turn_number",schemaPath:"#/definitions/TracedEventReward/properties/turn_number/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data13)){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/turn_number",schemaPath:"#/definitions/TracedEventReward/properties/turn_number/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs32 === errors;
valid7 = _valid0;
}
if(!valid7){
const err1 = {instancePath:instancePath+"/event_rewards/" + i3+"/turn_number",schemaPath:"#/definitions/TracedEventReward/properties/turn_number/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate36.errors = vErrors;
return false;
}
var valid6 = _errs28 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data11.reward_value !== undefined){
let data14 = data11.reward_value;
const _errs34 = errors;
if(errors === _errs34){
if(typeof data14 == "number"){
if(!isFinite(data14)){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/reward_value",schemaPath:"#/definitions/TracedEventReward/properties/reward_value/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/reward_value",schemaPath:"#/definitions/TracedEventReward/properties/reward_value/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid6 = _errs34 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data11.reward_type !== undefined){
const _errs36 = errors;
if(typeof data11.reward_type !== "string"){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/reward_type",schemaPath:"#/definitions/TracedEventReward/properties/reward_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid6 = _errs36 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data11.key !== undefined){
let data16 = data11.key;
const _errs38 = errors;
if((typeof data16 !== "string") && (data16 !== null)){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/key",schemaPath:"#/definitions/TracedEventReward/properties/key/type",keyword:"type",params:{type: schema60.properties.key.type},message:"must be string,null"}];
return false;
}
var valid6 = _errs38 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data11.annotation !== undefined){
let data17 = data11.annotation;
const _errs40 = errors;
const _errs41 = errors;
let valid8 = true;
const _errs42 = errors;
var _valid1 = data17 === null;
errors = _errs41;
if(vErrors !== null){
if(_errs41){
vErrors.length = _errs41;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs44 = errors;
if(errors === _errs44){
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
const ctor1 = data17.constructor;
if(ctor1 !== Object && typeof ctor1 == "function" && !(typeof ctor1.prototype == "object" && ctor1.prototype !== null && Object.prototype.hasOwnProperty.call(ctor1.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data17).length > 0){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/annotation",schemaPath:"#/definitions/TracedEventReward/properties/annotation/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/annotation",schemaPath:"#/definitions/TracedEventReward/properties/annotation/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid1 = _errs44 === errors;
valid8 = _valid1;
}
if(!valid8){
const err3 = {instancePath:instancePath+"/event_rewards/" + i3+"/annotation",schemaPath:"#/definitions/TracedEventReward/properties/annotation/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate36.errors = vErrors;
return false;
}
var valid6 = _errs40 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data11.source !== undefined){
let data18 = data11.source;
const _errs47 = errors;
if((typeof data18 !== "string") && (data18 !== null)){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/source",schemaPath:"#/definitions/TracedEventReward/properties/source/type",keyword:"type",params:{type: schema60.properties.source.type},message:"must be string,null"}];
return false;
}
var valid6 = _errs47 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data11.message_id !== undefined){
let data19 = data11.message_id;
const _errs49 = errors;
if((typeof data19 !== "string") && (data19 !== null)){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/message_id",schemaPath:"#/definitions/TracedEventReward/properties/message_id/type",keyword:"type",params:{type: schema60.properties.message_id.type},message:"must be string,null"}];
return false;
}
var valid6 = _errs49 === errors;
}
else {
var valid6 = true;
}
if(valid6){
const _errs51 = errors;
if(typeof data11.objective_key !== "string"){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/objective_key",schemaPath:"#/definitions/TracedEventReward/properties/objective_key/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid6 = _errs51 === errors;
if(valid6){
if(data11.created_at !== undefined){
const _errs53 = errors;
if(typeof data11.created_at !== "string"){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3+"/created_at",schemaPath:"#/definitions/TracedEventReward/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid6 = _errs53 === errors;
}
else {
var valid6 = true;
}
if(valid6){
const proto0 = Object.getPrototypeOf(data11);
if(proto0 !== Object.prototype && proto0 !== null){
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3,schemaPath:"#/definitions/TracedEventReward/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate36.errors = [{instancePath:instancePath+"/event_rewards/" + i3,schemaPath:"#/definitions/TracedEventReward/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs22 === errors;
if(!valid4){
break;
}
}
}
else {
validate36.errors = [{instancePath:instancePath+"/event_rewards",schemaPath:"#/properties/event_rewards/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs20 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.outcome_rewards !== undefined){
let data22 = data.outcome_rewards;
const _errs55 = errors;
if(errors === _errs55){
if(Array.isArray(data22)){
var valid9 = true;
const len4 = data22.length;
for(let i4=0; i4<len4; i4++){
let data23 = data22[i4];
const _errs57 = errors;
const _errs58 = errors;
if(errors === _errs58){
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.objective_key === undefined){
data23.objective_key = "reward";
}
let missing2;
if((((((data23.total_reward === undefined) && (missing2 = "total_reward")) || ((data23.achievements_count === undefined) && (missing2 = "achievements_count"))) || ((data23.total_steps === undefined) && (missing2 = "total_steps"))) || ((data23.reward_metadata === undefined) && (missing2 = "reward_metadata"))) || ((data23.created_at === undefined) && (missing2 = "created_at"))){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4,schemaPath:"#/definitions/TracedOutcomeReward/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs61 = errors;
if(typeof data23.objective_key !== "string"){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/objective_key",schemaPath:"#/definitions/TracedOutcomeReward/properties/objective_key/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid11 = _errs61 === errors;
if(valid11){
if(data23.total_reward !== undefined){
let data25 = data23.total_reward;
const _errs63 = errors;
if(errors === _errs63){
if(typeof data25 == "number"){
if(!isFinite(data25)){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/total_reward",schemaPath:"#/definitions/TracedOutcomeReward/properties/total_reward/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/total_reward",schemaPath:"#/definitions/TracedOutcomeReward/properties/total_reward/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid11 = _errs63 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data23.achievements_count !== undefined){
let data26 = data23.achievements_count;
const _errs65 = errors;
if(!((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26)))){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/achievements_count",schemaPath:"#/definitions/TracedOutcomeReward/properties/achievements_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs65){
if(typeof data26 == "number"){
if(data26 > 9007199254740991 || isNaN(data26)){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/achievements_count",schemaPath:"#/definitions/TracedOutcomeReward/properties/achievements_count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data26 < 0 || isNaN(data26)){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/achievements_count",schemaPath:"#/definitions/TracedOutcomeReward/properties/achievements_count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data26)){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/achievements_count",schemaPath:"#/definitions/TracedOutcomeReward/properties/achievements_count/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid11 = _errs65 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data23.total_steps !== undefined){
let data27 = data23.total_steps;
const _errs67 = errors;
if(!((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27)))){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/total_steps",schemaPath:"#/definitions/TracedOutcomeReward/properties/total_steps/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs67){
if(typeof data27 == "number"){
if(data27 > 9007199254740991 || isNaN(data27)){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/total_steps",schemaPath:"#/definitions/TracedOutcomeReward/properties/total_steps/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data27 < 0 || isNaN(data27)){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/total_steps",schemaPath:"#/definitions/TracedOutcomeReward/properties/total_steps/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data27)){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/total_steps",schemaPath:"#/definitions/TracedOutcomeReward/properties/total_steps/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid11 = _errs67 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data23.reward_metadata !== undefined){
let data28 = data23.reward_metadata;
const _errs69 = errors;
if(errors === _errs69){
if(data28 && typeof data28 == "object" && !Array.isArray(data28)){
const ctor2 = data28.constructor;
if(ctor2 !== Object && typeof ctor2 == "function" && !(typeof ctor2.prototype == "object" && ctor2.prototype !== null && Object.prototype.hasOwnProperty.call(ctor2.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data28).length > 0){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/reward_metadata",schemaPath:"#/definitions/TracedOutcomeReward/properties/reward_metadata/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/reward_metadata",schemaPath:"#/definitions/TracedOutcomeReward/properties/reward_metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid11 = _errs69 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data23.annotation !== undefined){
let data29 = data23.annotation;
const _errs72 = errors;
const _errs73 = errors;
let valid12 = true;
const _errs74 = errors;
var _valid2 = data29 === null;
errors = _errs73;
if(vErrors !== null){
if(_errs73){
vErrors.length = _errs73;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs76 = errors;
if(errors === _errs76){
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
const ctor3 = data29.constructor;
if(ctor3 !== Object && typeof ctor3 == "function" && !(typeof ctor3.prototype == "object" && ctor3.prototype !== null && Object.prototype.hasOwnProperty.call(ctor3.prototype, "isPrototypeOf")) || Object.getOwnPropertySymbols(data29).length > 0){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/annotation",schemaPath:"#/definitions/TracedOutcomeReward/properties/annotation/else/plainRecord",keyword:"plainRecord",params:{},message:"must be a plain object with string keys"}];
return false;
}
}
else {
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/annotation",schemaPath:"#/definitions/TracedOutcomeReward/properties/annotation/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid2 = _errs76 === errors;
valid12 = _valid2;
}
if(!valid12){
const err5 = {instancePath:instancePath+"/outcome_rewards/" + i4+"/annotation",schemaPath:"#/definitions/TracedOutcomeReward/properties/annotation/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate36.errors = vErrors;
return false;
}
var valid11 = _errs72 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data23.created_at !== undefined){
const _errs79 = errors;
if(typeof data23.created_at !== "string"){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4+"/created_at",schemaPath:"#/definitions/TracedOutcomeReward/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid11 = _errs79 === errors;
}
else {
var valid11 = true;
}
if(valid11){
const proto1 = Object.getPrototypeOf(data23);
if(proto1 !== Object.prototype && proto1 !== null){
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4,schemaPath:"#/definitions/TracedOutcomeReward/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
else {
validate36.errors = [{instancePath:instancePath+"/outcome_rewards/" + i4,schemaPath:"#/definitions/TracedOutcomeReward/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid9 = _errs57 === errors;
if(!valid9){
break;
}
}
}
else {
validate36.errors = [{instancePath:instancePath+"/outcome_rewards",schemaPath:"#/properties/outcome_rewards/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs55 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const proto2 = Object.getPrototypeOf(data);
if(proto2 !== Object.prototype && proto2 !== null){
validate36.errors = [{instancePath,schemaPath:"#/plainObject",keyword:"plainObject",params:{},message:"must be a plain object (a class instance is parsed into a copy)"}];
return false;
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate36.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate36.errors = vErrors;
return errors === 0;
}

export const validateParsedRolloutRequest = validate56;
const schema62 = {"type":"object","properties":{"run_id":{"type":"string"},"env":{"$ref":"#/definitions/RolloutEnvSpec"},"policy":{"$ref":"#/definitions/RolloutPolicySpec"},"ops":{"default":[],"anyOf":[{"type":"array","items":{"type":"object","additionalProperties":{}}},{"type":"array","items":{"type":"string"}}]},"record":{"default":{},"allOf":[{"$ref":"#/definitions/RolloutRecordConfig"}]},"on_done":{"default":"reset","type":"string"},"safety":{"default":{},"allOf":[{"$ref":"#/definitions/RolloutSafetyConfig"}]},"training_session_id":{"type":["string","null"]},"synth_base_url":{"type":["string","null"]},"mode":{"default":"rl","type":"string","enum":["rl","eval"]}},"required":["run_id","env","policy"],"additionalProperties":false,"definitions":{"RolloutRequest":{"type":"object","properties":{"run_id":{"type":"string"},"env":{"$ref":"#/definitions/RolloutEnvSpec"},"policy":{"$ref":"#/definitions/RolloutPolicySpec"},"ops":{"default":[],"anyOf":[{"type":"array","items":{"type":"object","additionalProperties":{}}},{"type":"array","items":{"type":"string"}}]},"record":{"default":{},"allOf":[{"$ref":"#/definitions/RolloutRecordConfig"}]},"on_done":{"default":"reset","type":"string"},"safety":{"default":{},"allOf":[{"$ref":"#/definitions/RolloutSafetyConfig"}]},"training_session_id":{"type":["string","null"]},"synth_base_url":{"type":["string","null"]},"mode":{"default":"rl","type":"string","enum":["rl","eval"]}},"required":["run_id","env","policy"],"additionalProperties":false},"RolloutEnvSpec":{"type":"object","properties":{"env_id":{"type":["string","null"]},"env_name":{"type":["string","null"]},"config":{"default":{},"type":"object","additionalProperties":{}},"seed":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false},"RolloutPolicySpec":{"type":"object","properties":{"policy_id":{"type":["string","null"]},"policy_name":{"type":["string","null"]},"config":{"default":{},"allOf":[{"$ref":"#/definitions/PolicyConfig"}]},"output_mode":{"type":"string","enum":["tool_calls","text","structured"]},"structured_config":{"type":"object","properties":{"schema":{"type":"object","additionalProperties":{}},"schema_name":{"default":"response","type":"string"},"strict":{"default":true,"type":"boolean"}},"required":["schema"],"additionalProperties":false}},"additionalProperties":false},"PolicyConfig":{"type":"object","properties":{"inference_url":{"type":"string","minLength":1},"model":{"type":"string","minLength":1},"provider":{"type":"string","minLength":1},"temperature":{"type":"number","minimum":0,"finite":true},"top_p":{"type":"number","exclusiveMinimum":0,"maximum":1,"finite":true},"max_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_completion_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_llm_calls":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"use_tools":{"type":"boolean"},"use_vision":{"type":"boolean"},"image_only_mode":{"type":"boolean"},"max_images_per_step":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"thinking_mode":{"type":"string","enum":["think","no_think"]},"thinking_budget":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true}},"additionalProperties":{}},"RolloutRecordConfig":{"type":"object","properties":{"trajectories":{"default":true,"type":"boolean"},"logprobs":{"default":false,"type":"boolean"},"value":{"default":false,"type":"boolean"},"return_trace":{"default":false,"type":"boolean"},"trace_format":{"default":"compact","type":"string","enum":["compact","full","structured"]}},"additionalProperties":false},"RolloutSafetyConfig":{"type":"object","properties":{"max_ops":{"default":100000,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"max_time_s":{"default":3600,"type":"number","exclusiveMinimum":0,"finite":true}},"additionalProperties":false}}};
const schema63 = {"type":"object","properties":{"env_id":{"type":["string","null"]},"env_name":{"type":["string","null"]},"config":{"default":{},"type":"object","additionalProperties":{}},"seed":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false};
const schema66 = {"type":"object","properties":{"trajectories":{"default":true,"type":"boolean"},"logprobs":{"default":false,"type":"boolean"},"value":{"default":false,"type":"boolean"},"return_trace":{"default":false,"type":"boolean"},"trace_format":{"default":"compact","type":"string","enum":["compact","full","structured"]}},"additionalProperties":false};
const schema67 = {"type":"object","properties":{"max_ops":{"default":100000,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"max_time_s":{"default":3600,"type":"number","exclusiveMinimum":0,"finite":true}},"additionalProperties":false};
const schema64 = {"type":"object","properties":{"policy_id":{"type":["string","null"]},"policy_name":{"type":["string","null"]},"config":{"default":{},"allOf":[{"$ref":"#/definitions/PolicyConfig"}]},"output_mode":{"type":"string","enum":["tool_calls","text","structured"]},"structured_config":{"type":"object","properties":{"schema":{"type":"object","additionalProperties":{}},"schema_name":{"default":"response","type":"string"},"strict":{"default":true,"type":"boolean"}},"required":["schema"],"additionalProperties":false}},"additionalProperties":false};
const schema65 = {"type":"object","properties":{"inference_url":{"type":"string","minLength":1},"model":{"type":"string","minLength":1},"provider":{"type":"string","minLength":1},"temperature":{"type":"number","minimum":0,"finite":true},"top_p":{"type":"number","exclusiveMinimum":0,"maximum":1,"finite":true},"max_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_completion_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_llm_calls":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"use_tools":{"type":"boolean"},"use_vision":{"type":"boolean"},"image_only_mode":{"type":"boolean"},"max_images_per_step":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"thinking_mode":{"type":"string","enum":["think","no_think"]},"thinking_budget":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true}},"additionalProperties":{}};

function validate57(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.config === undefined){
data.config = {};
}
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "policy_id") || (key0 === "policy_name")) || (key0 === "config")) || (key0 === "output_mode")) || (key0 === "structured_config"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.policy_id !== undefined){
let data0 = data.policy_id;
const _errs2 = errors;
if((typeof data0 !== "string") && (data0 !== null)){
validate57.errors = [{instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: schema64.properties.policy_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy_name !== undefined){
let data1 = data.policy_name;
const _errs4 = errors;
if((typeof data1 !== "string") && (data1 !== null)){
validate57.errors = [{instancePath:instancePath+"/policy_name",schemaPath:"#/properties/policy_name/type",keyword:"type",params:{type: schema64.properties.policy_name.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data2 = data.config;
const _errs6 = errors;
const _errs8 = errors;
if(errors === _errs8){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.inference_url !== undefined){
let data3 = data2.inference_url;
const _errs11 = errors;
if(errors === _errs11){
if(typeof data3 === "string"){
if(func3(data3) < 1){
validate57.errors = [{instancePath:instancePath+"/config/inference_url",schemaPath:"#/definitions/PolicyConfig/properties/inference_url/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate57.errors = [{instancePath:instancePath+"/config/inference_url",schemaPath:"#/definitions/PolicyConfig/properties/inference_url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs11 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.model !== undefined){
let data4 = data2.model;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data4 === "string"){
if(func3(data4) < 1){
validate57.errors = [{instancePath:instancePath+"/config/model",schemaPath:"#/definitions/PolicyConfig/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate57.errors = [{instancePath:instancePath+"/config/model",schemaPath:"#/definitions/PolicyConfig/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs13 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.provider !== undefined){
let data5 = data2.provider;
const _errs15 = errors;
if(errors === _errs15){
if(typeof data5 === "string"){
if(func3(data5) < 1){
validate57.errors = [{instancePath:instancePath+"/config/provider",schemaPath:"#/definitions/PolicyConfig/properties/provider/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate57.errors = [{instancePath:instancePath+"/config/provider",schemaPath:"#/definitions/PolicyConfig/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs15 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.temperature !== undefined){
let data6 = data2.temperature;
const _errs17 = errors;
if(errors === _errs17){
if(typeof data6 == "number"){
if(data6 < 0 || isNaN(data6)){
validate57.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data6)){
validate57.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
else {
validate57.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid3 = _errs17 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.top_p !== undefined){
let data7 = data2.top_p;
const _errs19 = errors;
if(errors === _errs19){
if(typeof data7 == "number"){
if(data7 > 1 || isNaN(data7)){
validate57.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data7 <= 0 || isNaN(data7)){
validate57.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data7)){
validate57.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
else {
validate57.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid3 = _errs19 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_tokens !== undefined){
let data8 = data2.max_tokens;
const _errs21 = errors;
if(!((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8)))){
validate57.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs21){
if(typeof data8 == "number"){
if(data8 > 9007199254740991 || isNaN(data8)){
validate57.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data8 <= 0 || isNaN(data8)){
validate57.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data8)){
validate57.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs21 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_completion_tokens !== undefined){
let data9 = data2.max_completion_tokens;
const _errs23 = errors;
if(!((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9)))){
validate57.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs23){
if(typeof data9 == "number"){
if(data9 > 9007199254740991 || isNaN(data9)){
validate57.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data9 <= 0 || isNaN(data9)){
validate57.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data9)){
validate57.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs23 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_llm_calls !== undefined){
let data10 = data2.max_llm_calls;
const _errs25 = errors;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
validate57.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs25){
if(typeof data10 == "number"){
if(data10 > 9007199254740991 || isNaN(data10)){
validate57.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 <= 0 || isNaN(data10)){
validate57.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data10)){
validate57.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs25 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.use_tools !== undefined){
const _errs27 = errors;
if(typeof data2.use_tools !== "boolean"){
validate57.errors = [{instancePath:instancePath+"/config/use_tools",schemaPath:"#/definitions/PolicyConfig/properties/use_tools/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs27 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.use_vision !== undefined){
const _errs29 = errors;
if(typeof data2.use_vision !== "boolean"){
validate57.errors = [{instancePath:instancePath+"/config/use_vision",schemaPath:"#/definitions/PolicyConfig/properties/use_vision/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs29 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.image_only_mode !== undefined){
const _errs31 = errors;
if(typeof data2.image_only_mode !== "boolean"){
validate57.errors = [{instancePath:instancePath+"/config/image_only_mode",schemaPath:"#/definitions/PolicyConfig/properties/image_only_mode/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs31 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_images_per_step !== undefined){
let data14 = data2.max_images_per_step;
const _errs33 = errors;
if(!((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14)))){
validate57.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs33){
if(typeof data14 == "number"){
if(data14 > 9007199254740991 || isNaN(data14)){
validate57.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data14 <= 0 || isNaN(data14)){
validate57.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data14)){
validate57.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs33 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.thinking_mode !== undefined){
let data15 = data2.thinking_mode;
const _errs35 = errors;
if(typeof data15 !== "string"){
validate57.errors = [{instancePath:instancePath+"/config/thinking_mode",schemaPath:"#/definitions/PolicyConfig/properties/thinking_mode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((data15 === "think") || (data15 === "no_think"))){
validate57.errors = [{instancePath:instancePath+"/config/thinking_mode",schemaPath:"#/definitions/PolicyConfig/properties/thinking_mode/enum",keyword:"enum",params:{allowedValues: schema65.properties.thinking_mode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid3 = _errs35 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.thinking_budget !== undefined){
let data16 = data2.thinking_budget;
const _errs37 = errors;
if(!((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16)))){
validate57.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs37){
if(typeof data16 == "number"){
if(data16 > 9007199254740991 || isNaN(data16)){
validate57.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data16 <= 0 || isNaN(data16)){
validate57.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data16)){
validate57.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs37 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate57.errors = [{instancePath:instancePath+"/config",schemaPath:"#/definitions/PolicyConfig/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs6 === errors;
if(valid0){
if(data.output_mode !== undefined){
let data17 = data.output_mode;
const _errs39 = errors;
if(typeof data17 !== "string"){
validate57.errors = [{instancePath:instancePath+"/output_mode",schemaPath:"#/properties/output_mode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data17 === "tool_calls") || (data17 === "text")) || (data17 === "structured"))){
validate57.errors = [{instancePath:instancePath+"/output_mode",schemaPath:"#/properties/output_mode/enum",keyword:"enum",params:{allowedValues: schema64.properties.output_mode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs39 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.structured_config !== undefined){
let data18 = data.structured_config;
const _errs41 = errors;
if(errors === _errs41){
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.schema_name === undefined){
data18.schema_name = "response";
}
if(data18.strict === undefined){
data18.strict = true;
}
let missing0;
if((data18.schema === undefined) && (missing0 = "schema")){
validate57.errors = [{instancePath:instancePath+"/structured_config",schemaPath:"#/properties/structured_config/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs43 = errors;
for(const key1 in data18){
if(!(((key1 === "schema") || (key1 === "schema_name")) || (key1 === "strict"))){
delete data18[key1];
}
}
if(_errs43 === errors){
if(data18.schema !== undefined){
let data19 = data18.schema;
const _errs44 = errors;
if(errors === _errs44){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
}
else {
validate57.errors = [{instancePath:instancePath+"/structured_config/schema",schemaPath:"#/properties/structured_config/properties/schema/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs44 === errors;
}
else {
var valid4 = true;
}
if(valid4){
const _errs47 = errors;
if(typeof data18.schema_name !== "string"){
validate57.errors = [{instancePath:instancePath+"/structured_config/schema_name",schemaPath:"#/properties/structured_config/properties/schema_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid4 = _errs47 === errors;
if(valid4){
const _errs49 = errors;
if(typeof data18.strict !== "boolean"){
validate57.errors = [{instancePath:instancePath+"/structured_config/strict",schemaPath:"#/properties/structured_config/properties/strict/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid4 = _errs49 === errors;
}
}
}
}
}
else {
validate57.errors = [{instancePath:instancePath+"/structured_config",schemaPath:"#/properties/structured_config/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs41 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
else {
validate57.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate57.errors = vErrors;
return errors === 0;
}


function validate56(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.ops === undefined){
data.ops = [];
}
if(data.record === undefined){
data.record = {};
}
if(data.on_done === undefined){
data.on_done = "reset";
}
if(data.safety === undefined){
data.safety = {};
}
if(data.mode === undefined){
data.mode = "rl";
}
let missing0;
if((((data.run_id === undefined) && (missing0 = "run_id")) || ((data.env === undefined) && (missing0 = "env"))) || ((data.policy === undefined) && (missing0 = "policy"))){
validate56.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((key0 === "run_id" || key0 === "env" || key0 === "policy" || key0 === "ops" || key0 === "record" || key0 === "on_done" || key0 === "safety" || key0 === "training_session_id" || key0 === "synth_base_url" || key0 === "mode"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.run_id !== undefined){
const _errs2 = errors;
if(typeof data.run_id !== "string"){
validate56.errors = [{instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.env !== undefined){
let data1 = data.env;
const _errs4 = errors;
const _errs5 = errors;
if(errors === _errs5){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.config === undefined){
data1.config = {};
}
const _errs7 = errors;
for(const key1 in data1){
if(!((((key1 === "env_id") || (key1 === "env_name")) || (key1 === "config")) || (key1 === "seed"))){
delete data1[key1];
}
}
if(_errs7 === errors){
if(data1.env_id !== undefined){
let data2 = data1.env_id;
const _errs8 = errors;
if((typeof data2 !== "string") && (data2 !== null)){
validate56.errors = [{instancePath:instancePath+"/env/env_id",schemaPath:"#/definitions/RolloutEnvSpec/properties/env_id/type",keyword:"type",params:{type: schema63.properties.env_id.type},message:"must be string,null"}];
return false;
}
var valid2 = _errs8 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.env_name !== undefined){
let data3 = data1.env_name;
const _errs10 = errors;
if((typeof data3 !== "string") && (data3 !== null)){
validate56.errors = [{instancePath:instancePath+"/env/env_name",schemaPath:"#/definitions/RolloutEnvSpec/properties/env_name/type",keyword:"type",params:{type: schema63.properties.env_name.type},message:"must be string,null"}];
return false;
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
let data4 = data1.config;
const _errs12 = errors;
if(errors === _errs12){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
}
else {
validate56.errors = [{instancePath:instancePath+"/env/config",schemaPath:"#/definitions/RolloutEnvSpec/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid2 = _errs12 === errors;
if(valid2){
if(data1.seed !== undefined){
let data5 = data1.seed;
const _errs15 = errors;
const _errs16 = errors;
let valid3 = true;
const _errs17 = errors;
var _valid0 = data5 === null;
errors = _errs16;
if(vErrors !== null){
if(_errs16){
vErrors.length = _errs16;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs19 = errors;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
validate56.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs19){
if(typeof data5 == "number"){
if(data5 > 9007199254740991 || isNaN(data5)){
validate56.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data5 < -9007199254740991 || isNaN(data5)){
validate56.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data5)){
validate56.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs19 === errors;
valid3 = _valid0;
}
if(!valid3){
const err1 = {instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate56.errors = vErrors;
return false;
}
var valid2 = _errs15 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
else {
validate56.errors = [{instancePath:instancePath+"/env",schemaPath:"#/definitions/RolloutEnvSpec/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy !== undefined){
const _errs21 = errors;
if(!(validate57(data.policy, instancePath+"/policy", data, "policy", rootData))){
vErrors = vErrors === null ? validate57.errors : vErrors.concat(validate57.errors);
errors = vErrors.length;
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data7 = data.ops;
const _errs22 = errors;
const _errs23 = errors;
let valid4 = false;
const _errs24 = errors;
if(errors === _errs24){
if(Array.isArray(data7)){
var valid5 = true;
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
let data8 = data7[i0];
const _errs26 = errors;
if(errors === _errs26){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
}
else {
const err2 = {instancePath:instancePath+"/ops/" + i0,schemaPath:"#/properties/ops/anyOf/0/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var valid5 = _errs26 === errors;
if(!valid5){
break;
}
}
}
else {
const err3 = {instancePath:instancePath+"/ops",schemaPath:"#/properties/ops/anyOf/0/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid1 = _errs24 === errors;
valid4 = valid4 || _valid1;
if(!valid4){
const _errs29 = errors;
if(errors === _errs29){
if(Array.isArray(data7)){
var valid6 = true;
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
const _errs31 = errors;
if(typeof data7[i1] !== "string"){
const err4 = {instancePath:instancePath+"/ops/" + i1,schemaPath:"#/properties/ops/anyOf/1/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var valid6 = _errs31 === errors;
if(!valid6){
break;
}
}
}
else {
const err5 = {instancePath:instancePath+"/ops",schemaPath:"#/properties/ops/anyOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
var _valid1 = _errs29 === errors;
valid4 = valid4 || _valid1;
}
if(!valid4){
const err6 = {instancePath:instancePath+"/ops",schemaPath:"#/properties/ops/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
validate56.errors = vErrors;
return false;
}
else {
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs22 === errors;
if(valid0){
let data10 = data.record;
const _errs33 = errors;
const _errs35 = errors;
if(errors === _errs35){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.trajectories === undefined){
data10.trajectories = true;
}
if(data10.logprobs === undefined){
data10.logprobs = false;
}
if(data10.value === undefined){
data10.value = false;
}
if(data10.return_trace === undefined){
data10.return_trace = false;
}
if(data10.trace_format === undefined){
data10.trace_format = "compact";
}
const _errs37 = errors;
for(const key2 in data10){
if(!(((((key2 === "trajectories") || (key2 === "logprobs")) || (key2 === "value")) || (key2 === "return_trace")) || (key2 === "trace_format"))){
delete data10[key2];
}
}
if(_errs37 === errors){
const _errs38 = errors;
if(typeof data10.trajectories !== "boolean"){
validate56.errors = [{instancePath:instancePath+"/record/trajectories",schemaPath:"#/definitions/RolloutRecordConfig/properties/trajectories/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid9 = _errs38 === errors;
if(valid9){
const _errs40 = errors;
if(typeof data10.logprobs !== "boolean"){
validate56.errors = [{instancePath:instancePath+"/record/logprobs",schemaPath:"#/definitions/RolloutRecordConfig/properties/logprobs/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid9 = _errs40 === errors;
if(valid9){
const _errs42 = errors;
if(typeof data10.value !== "boolean"){
validate56.errors = [{instancePath:instancePath+"/record/value",schemaPath:"#/definitions/RolloutRecordConfig/properties/value/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid9 = _errs42 === errors;
if(valid9){
const _errs44 = errors;
if(typeof data10.return_trace !== "boolean"){
validate56.errors = [{instancePath:instancePath+"/record/return_trace",schemaPath:"#/definitions/RolloutRecordConfig/properties/return_trace/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid9 = _errs44 === errors;
if(valid9){
let data15 = data10.trace_format;
const _errs46 = errors;
if(typeof data15 !== "string"){
validate56.errors = [{instancePath:instancePath+"/record/trace_format",schemaPath:"#/definitions/RolloutRecordConfig/properties/trace_format/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data15 === "compact") || (data15 === "full")) || (data15 === "structured"))){
validate56.errors = [{instancePath:instancePath+"/record/trace_format",schemaPath:"#/definitions/RolloutRecordConfig/properties/trace_format/enum",keyword:"enum",params:{allowedValues: schema66.properties.trace_format.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid9 = _errs46 === errors;
}
}
}
}
}
}
else {
validate56.errors = [{instancePath:instancePath+"/record",schemaPath:"#/definitions/RolloutRecordConfig/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs33 === errors;
if(valid0){
const _errs48 = errors;
if(typeof data.on_done !== "string"){
validate56.errors = [{instancePath:instancePath+"/on_done",schemaPath:"#/properties/on_done/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs48 === errors;
if(valid0){
let data17 = data.safety;
const _errs50 = errors;
const _errs52 = errors;
if(errors === _errs52){
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.max_ops === undefined){
data17.max_ops = 100000;
}
if(data17.max_time_s === undefined){
data17.max_time_s = 3600;
}
const _errs54 = errors;
for(const key3 in data17){
if(!((key3 === "max_ops") || (key3 === "max_time_s"))){
delete data17[key3];
}
}
if(_errs54 === errors){
let data18 = data17.max_ops;
const _errs55 = errors;
if(!((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18)))){
validate56.errors = [{instancePath:instancePath+"/safety/max_ops",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_ops/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs55){
if(typeof data18 == "number"){
if(data18 > 9007199254740991 || isNaN(data18)){
validate56.errors = [{instancePath:instancePath+"/safety/max_ops",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_ops/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data18 < 0 || isNaN(data18)){
validate56.errors = [{instancePath:instancePath+"/safety/max_ops",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_ops/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data18)){
validate56.errors = [{instancePath:instancePath+"/safety/max_ops",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_ops/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid12 = _errs55 === errors;
if(valid12){
let data19 = data17.max_time_s;
const _errs57 = errors;
if(errors === _errs57){
if(typeof data19 == "number"){
if(data19 <= 0 || isNaN(data19)){
validate56.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_time_s/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data19)){
validate56.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_time_s/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
else {
validate56.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/RolloutSafetyConfig/properties/max_time_s/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid12 = _errs57 === errors;
}
}
}
else {
validate56.errors = [{instancePath:instancePath+"/safety",schemaPath:"#/definitions/RolloutSafetyConfig/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs50 === errors;
if(valid0){
if(data.training_session_id !== undefined){
let data20 = data.training_session_id;
const _errs59 = errors;
if((typeof data20 !== "string") && (data20 !== null)){
validate56.errors = [{instancePath:instancePath+"/training_session_id",schemaPath:"#/properties/training_session_id/type",keyword:"type",params:{type: schema62.properties.training_session_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs59 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.synth_base_url !== undefined){
let data21 = data.synth_base_url;
const _errs61 = errors;
if((typeof data21 !== "string") && (data21 !== null)){
validate56.errors = [{instancePath:instancePath+"/synth_base_url",schemaPath:"#/properties/synth_base_url/type",keyword:"type",params:{type: schema62.properties.synth_base_url.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs61 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data22 = data.mode;
const _errs63 = errors;
if(typeof data22 !== "string"){
validate56.errors = [{instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((data22 === "rl") || (data22 === "eval"))){
validate56.errors = [{instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/enum",keyword:"enum",params:{allowedValues: schema62.properties.mode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs63 === errors;
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate56.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate56.errors = vErrors;
return errors === 0;
}

export const validateParsedRolloutResponse = validate59;
const schema68 = {"type":"object","properties":{"run_id":{"type":"string"},"trajectories":{"default":[],"type":"array","items":{"$ref":"#/definitions/RolloutTrajectory"}},"branches":{"default":{},"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}}},"metrics":{"$ref":"#/definitions/RolloutMetrics"},"aborted":{"default":false,"type":"boolean"},"ops_executed":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"trace":{"if":{"type":"null"},"else":{"$ref":"#/definitions/Trace"}},"trace_correlation_id":{"type":["string","null"]},"pipeline_metadata":{"default":{},"type":"object","additionalProperties":{}}},"required":["run_id","metrics"],"additionalProperties":false,"definitions":{"RolloutResponse":{"type":"object","properties":{"run_id":{"type":"string"},"trajectories":{"default":[],"type":"array","items":{"$ref":"#/definitions/RolloutTrajectory"}},"branches":{"default":{},"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}}},"metrics":{"$ref":"#/definitions/RolloutMetrics"},"aborted":{"default":false,"type":"boolean"},"ops_executed":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"trace":{"if":{"type":"null"},"else":{"$ref":"#/definitions/Trace"}},"trace_correlation_id":{"type":["string","null"]},"pipeline_metadata":{"default":{},"type":"object","additionalProperties":{}}},"required":["run_id","metrics"],"additionalProperties":false},"RolloutTrajectory":{"type":"object","properties":{"env_id":{"type":"string"},"policy_id":{"type":"string"},"steps":{"type":"array","items":{"$ref":"#/definitions/RolloutStep"}},"final":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{}}},"length":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"inference_url":{"default":"","type":"string"},"decision_samples":{"type":["array","null"],"items":{"type":"object","additionalProperties":{}}}},"required":["env_id","policy_id","steps","length"],"additionalProperties":false},"RolloutStep":{"type":"object","properties":{"obs":{"type":"object","additionalProperties":{}},"tool_calls":{"type":"array","items":{"type":"object","additionalProperties":{}}},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"done":{"default":false,"type":"boolean"},"truncated":{"type":["boolean","null"]},"info":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{}}}},"required":["obs","tool_calls"],"additionalProperties":false},"RolloutMetrics":{"type":"object","properties":{"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"num_episodes":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"outcome_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"events_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"details":{"default":{},"type":"object","additionalProperties":{}}},"required":["episode_returns","mean_return","num_steps"],"additionalProperties":false},"Trace":{"anyOf":[{"$ref":"#/definitions/TraceEnvelopeV3"},{"$ref":"#/definitions/FullTrace"},{"$ref":"#/definitions/CompactTrace"},{"type":"object","additionalProperties":{}}]},"TraceEnvelopeV3":{"type":"object","properties":{"version":{"type":"number","const":3},"session_trace":{"$ref":"#/definitions/FullTrace"},"run_id":{"type":"string"},"policy_id":{"type":["string","null"]},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true}},"required":["version","session_trace"],"additionalProperties":{}},"FullTrace":{"type":"object","properties":{"session_id":{"type":"string"},"created_at":{},"session_time_steps":{"type":"array","items":{"$ref":"#/definitions/SessionTimeStep"}},"event_history":{"type":"array","items":{"type":"object","additionalProperties":{}}},"markov_blanket_message_history":{"type":"array","items":{"type":"object","additionalProperties":{}}},"metadata":{"type":"object","additionalProperties":{}},"session_metadata":{}},"required":["session_id","session_time_steps"],"additionalProperties":{}},"SessionTimeStep":{"type":"object","properties":{"step_id":{"type":"string"},"step_index":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true},"timestamp":{},"turn_number":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"events":{"type":"array","items":{"type":"object","additionalProperties":{}}},"markov_blanket_messages":{"type":"array","items":{"type":"object","additionalProperties":{}}},"step_metadata":{"type":"object","additionalProperties":{}}},"required":["step_id","step_index"],"additionalProperties":{}},"CompactTrace":{"type":"object","properties":{"session_id":{"type":"string"},"created_at":{"type":"string"},"metadata":{"type":"object","additionalProperties":{}},"events_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"messages_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"lm_calls":{"type":"array","items":{"type":"object","additionalProperties":{}}},"decision_rewards":{"type":"array","items":{"anyOf":[{"type":"number","finite":true},{"type":"object","additionalProperties":{}}]}}},"required":["session_id"],"additionalProperties":{}}}};
const schema71 = {"type":"object","properties":{"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"num_episodes":{"default":0,"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"outcome_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"events_score":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"details":{"default":{},"type":"object","additionalProperties":{}}},"required":["episode_returns","mean_return","num_steps"],"additionalProperties":false};
const schema69 = {"type":"object","properties":{"env_id":{"type":"string"},"policy_id":{"type":"string"},"steps":{"type":"array","items":{"$ref":"#/definitions/RolloutStep"}},"final":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{}}},"length":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"inference_url":{"default":"","type":"string"},"decision_samples":{"type":["array","null"],"items":{"type":"object","additionalProperties":{}}}},"required":["env_id","policy_id","steps","length"],"additionalProperties":false};
const schema70 = {"type":"object","properties":{"obs":{"type":"object","additionalProperties":{}},"tool_calls":{"type":"array","items":{"type":"object","additionalProperties":{}}},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"done":{"default":false,"type":"boolean"},"truncated":{"type":["boolean","null"]},"info":{"if":{"type":"null"},"else":{"type":"object","additionalProperties":{}}}},"required":["obs","tool_calls"],"additionalProperties":false};

function validate60(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.inference_url === undefined){
data.inference_url = "";
}
let missing0;
if(((((data.env_id === undefined) && (missing0 = "env_id")) || ((data.policy_id === undefined) && (missing0 = "policy_id"))) || ((data.steps === undefined) && (missing0 = "steps"))) || ((data.length === undefined) && (missing0 = "length"))){
validate60.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((((((key0 === "env_id") || (key0 === "policy_id")) || (key0 === "steps")) || (key0 === "final")) || (key0 === "length")) || (key0 === "inference_url")) || (key0 === "decision_samples"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.env_id !== undefined){
const _errs2 = errors;
if(typeof data.env_id !== "string"){
validate60.errors = [{instancePath:instancePath+"/env_id",schemaPath:"#/properties/env_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy_id !== undefined){
const _errs4 = errors;
if(typeof data.policy_id !== "string"){
validate60.errors = [{instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.steps !== undefined){
let data2 = data.steps;
const _errs6 = errors;
if(errors === _errs6){
if(Array.isArray(data2)){
var valid1 = true;
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
const _errs8 = errors;
const _errs9 = errors;
if(errors === _errs9){
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.done === undefined){
data3.done = false;
}
let missing1;
if(((data3.obs === undefined) && (missing1 = "obs")) || ((data3.tool_calls === undefined) && (missing1 = "tool_calls"))){
validate60.errors = [{instancePath:instancePath+"/steps/" + i0,schemaPath:"#/definitions/RolloutStep/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs11 = errors;
for(const key1 in data3){
if(!((((((key1 === "obs") || (key1 === "tool_calls")) || (key1 === "reward")) || (key1 === "done")) || (key1 === "truncated")) || (key1 === "info"))){
delete data3[key1];
}
}
if(_errs11 === errors){
if(data3.obs !== undefined){
let data4 = data3.obs;
const _errs12 = errors;
if(errors === _errs12){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
}
else {
validate60.errors = [{instancePath:instancePath+"/steps/" + i0+"/obs",schemaPath:"#/definitions/RolloutStep/properties/obs/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data3.tool_calls !== undefined){
let data5 = data3.tool_calls;
const _errs15 = errors;
if(errors === _errs15){
if(Array.isArray(data5)){
var valid4 = true;
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data6 = data5[i1];
const _errs17 = errors;
if(errors === _errs17){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
}
else {
validate60.errors = [{instancePath:instancePath+"/steps/" + i0+"/tool_calls/" + i1,schemaPath:"#/definitions/RolloutStep/properties/tool_calls/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs17 === errors;
if(!valid4){
break;
}
}
}
else {
validate60.errors = [{instancePath:instancePath+"/steps/" + i0+"/tool_calls",schemaPath:"#/definitions/RolloutStep/properties/tool_calls/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs15 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data3.reward !== undefined){
let data7 = data3.reward;
const _errs20 = errors;
const _errs21 = errors;
let valid5 = true;
const _errs22 = errors;
var _valid0 = data7 === null;
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs24 = errors;
if(errors === _errs24){
if(typeof data7 == "number"){
if(!isFinite(data7)){
validate60.errors = [{instancePath:instancePath+"/steps/" + i0+"/reward",schemaPath:"#/definitions/RolloutStep/properties/reward/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate60.errors = [{instancePath:instancePath+"/steps/" + i0+"/reward",schemaPath:"#/definitions/RolloutStep/properties/reward/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid0 = _errs24 === errors;
valid5 = _valid0;
}
if(!valid5){
const err1 = {instancePath:instancePath+"/steps/" + i0+"/reward",schemaPath:"#/definitions/RolloutStep/properties/reward/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate60.errors = vErrors;
return false;
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
if(valid3){
const _errs26 = errors;
if(typeof data3.done !== "boolean"){
validate60.errors = [{instancePath:instancePath+"/steps/" + i0+"/done",schemaPath:"#/definitions/RolloutStep/properties/done/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs26 === errors;
if(valid3){
if(data3.truncated !== undefined){
let data9 = data3.truncated;
const _errs28 = errors;
if((typeof data9 !== "boolean") && (data9 !== null)){
validate60.errors = [{instancePath:instancePath+"/steps/" + i0+"/truncated",schemaPath:"#/definitions/RolloutStep/properties/truncated/type",keyword:"type",params:{type: schema70.properties.truncated.type},message:"must be boolean,null"}];
return false;
}
var valid3 = _errs28 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data3.info !== undefined){
let data10 = data3.info;
const _errs30 = errors;
const _errs31 = errors;
let valid6 = true;
const _errs32 = errors;
var _valid1 = data10 === null;
errors = _errs31;
if(vErrors !== null){
if(_errs31){
vErrors.length = _errs31;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs34 = errors;
if(errors === _errs34){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
}
else {
validate60.errors = [{instancePath:instancePath+"/steps/" + i0+"/info",schemaPath:"#/definitions/RolloutStep/properties/info/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid1 = _errs34 === errors;
valid6 = _valid1;
}
if(!valid6){
const err3 = {instancePath:instancePath+"/steps/" + i0+"/info",schemaPath:"#/definitions/RolloutStep/properties/info/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate60.errors = vErrors;
return false;
}
var valid3 = _errs30 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
}
}
}
}
else {
validate60.errors = [{instancePath:instancePath+"/steps/" + i0,schemaPath:"#/definitions/RolloutStep/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs8 === errors;
if(!valid1){
break;
}
}
}
else {
validate60.errors = [{instancePath:instancePath+"/steps",schemaPath:"#/properties/steps/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs6 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.final !== undefined){
let data11 = data.final;
const _errs37 = errors;
const _errs38 = errors;
let valid7 = true;
const _errs39 = errors;
var _valid2 = data11 === null;
errors = _errs38;
if(vErrors !== null){
if(_errs38){
vErrors.length = _errs38;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs41 = errors;
if(errors === _errs41){
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
}
else {
validate60.errors = [{instancePath:instancePath+"/final",schemaPath:"#/properties/final/else/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var _valid2 = _errs41 === errors;
valid7 = _valid2;
}
if(!valid7){
const err5 = {instancePath:instancePath+"/final",schemaPath:"#/properties/final/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate60.errors = vErrors;
return false;
}
var valid0 = _errs37 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.length !== undefined){
let data12 = data.length;
const _errs44 = errors;
if(!((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12)))){
validate60.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs44){
if(typeof data12 == "number"){
if(data12 > 9007199254740991 || isNaN(data12)){
validate60.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data12 < 0 || isNaN(data12)){
validate60.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data12)){
validate60.errors = [{instancePath:instancePath+"/length",schemaPath:"#/properties/length/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid0 = _errs44 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const _errs46 = errors;
if(typeof data.inference_url !== "string"){
validate60.errors = [{instancePath:instancePath+"/inference_url",schemaPath:"#/properties/inference_url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs46 === errors;
if(valid0){
if(data.decision_samples !== undefined){
let data14 = data.decision_samples;
const _errs48 = errors;
if((!(Array.isArray(data14))) && (data14 !== null)){
validate60.errors = [{instancePath:instancePath+"/decision_samples",schemaPath:"#/properties/decision_samples/type",keyword:"type",params:{type: schema69.properties.decision_samples.type},message:"must be array,null"}];
return false;
}
if(errors === _errs48){
if(Array.isArray(data14)){
var valid8 = true;
const len2 = data14.length;
for(let i2=0; i2<len2; i2++){
let data15 = data14[i2];
const _errs50 = errors;
if(errors === _errs50){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
}
else {
validate60.errors = [{instancePath:instancePath+"/decision_samples/" + i2,schemaPath:"#/properties/decision_samples/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid8 = _errs50 === errors;
if(!valid8){
break;
}
}
}
}
var valid0 = _errs48 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate60.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate60.errors = vErrors;
return errors === 0;
}

const schema72 = {"anyOf":[{"$ref":"#/definitions/TraceEnvelopeV3"},{"$ref":"#/definitions/FullTrace"},{"$ref":"#/definitions/CompactTrace"},{"type":"object","additionalProperties":{}}]};
const schema76 = {"type":"object","properties":{"session_id":{"type":"string"},"created_at":{"type":"string"},"metadata":{"type":"object","additionalProperties":{}},"events_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"messages_count":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true},"lm_calls":{"type":"array","items":{"type":"object","additionalProperties":{}}},"decision_rewards":{"type":"array","items":{"anyOf":[{"type":"number","finite":true},{"type":"object","additionalProperties":{}}]}}},"required":["session_id"],"additionalProperties":{}};
const schema73 = {"type":"object","properties":{"version":{"type":"number","const":3},"session_trace":{"$ref":"#/definitions/FullTrace"},"run_id":{"type":"string"},"policy_id":{"type":["string","null"]},"reward":{"if":{"type":"null"},"else":{"type":"number","finite":true}},"episode_returns":{"type":"array","items":{"type":"number","finite":true}},"mean_return":{"type":"number","finite":true},"num_steps":{"type":"integer","minimum":0,"maximum":9007199254740991,"finite":true}},"required":["version","session_trace"],"additionalProperties":{}};
const schema74 = {"type":"object","properties":{"session_id":{"type":"string"},"created_at":{},"session_time_steps":{"type":"array","items":{"$ref":"#/definitions/SessionTimeStep"}},"event_history":{"type":"array","items":{"type":"object","additionalProperties":{}}},"markov_blanket_message_history":{"type":"array","items":{"type":"object","additionalProperties":{}}},"metadata":{"type":"object","additionalProperties":{}},"session_metadata":{}},"required":["session_id","session_time_steps"],"additionalProperties":{}};
const schema75 = {"type":"object","properties":{"step_id":{"type":"string"},"step_index":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true},"timestamp":{},"turn_number":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"events":{"type":"array","items":{"type":"object","additionalProperties":{}}},"markov_blanket_messages":{"type":"array","items":{"type":"object","additionalProperties":{}}},"step_metadata":{"type":"object","additionalProperties":{}}},"required":["step_id","step_index"],"additionalProperties":{}};

function validate64(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.session_id === undefined) && (missing0 = "session_id")) || ((data.session_time_steps === undefined) && (missing0 = "session_time_steps"))){
validate64.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.session_id !== undefined){
const _errs2 = errors;
if(typeof data.session_id !== "string"){
validate64.errors = [{instancePath:instancePath+"/session_id",schemaPath:"#/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session_time_steps !== undefined){
let data1 = data.session_time_steps;
const _errs4 = errors;
if(errors === _errs4){
if(Array.isArray(data1)){
var valid1 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
const _errs7 = errors;
if(errors === _errs7){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if(((data2.step_id === undefined) && (missing1 = "step_id")) || ((data2.step_index === undefined) && (missing1 = "step_index"))){
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0,schemaPath:"#/definitions/SessionTimeStep/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data2.step_id !== undefined){
const _errs10 = errors;
if(typeof data2.step_id !== "string"){
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_id",schemaPath:"#/definitions/SessionTimeStep/properties/step_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs10 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.step_index !== undefined){
let data4 = data2.step_index;
const _errs12 = errors;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs12){
if(typeof data4 == "number"){
if(data4 > 9007199254740991 || isNaN(data4)){
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data4 < -9007199254740991 || isNaN(data4)){
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data4)){
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_index",schemaPath:"#/definitions/SessionTimeStep/properties/step_index/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.turn_number !== undefined){
let data5 = data2.turn_number;
const _errs14 = errors;
const _errs15 = errors;
let valid4 = true;
const _errs16 = errors;
var _valid0 = data5 === null;
errors = _errs15;
if(vErrors !== null){
if(_errs15){
vErrors.length = _errs15;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs18 = errors;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs18){
if(typeof data5 == "number"){
if(data5 > 9007199254740991 || isNaN(data5)){
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data5 < -9007199254740991 || isNaN(data5)){
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data5)){
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs18 === errors;
valid4 = _valid0;
}
if(!valid4){
const err1 = {instancePath:instancePath+"/session_time_steps/" + i0+"/turn_number",schemaPath:"#/definitions/SessionTimeStep/properties/turn_number/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate64.errors = vErrors;
return false;
}
var valid3 = _errs14 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.events !== undefined){
let data6 = data2.events;
const _errs20 = errors;
if(errors === _errs20){
if(Array.isArray(data6)){
var valid5 = true;
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
let data7 = data6[i1];
const _errs22 = errors;
if(errors === _errs22){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
}
else {
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/events/" + i1,schemaPath:"#/definitions/SessionTimeStep/properties/events/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid5 = _errs22 === errors;
if(!valid5){
break;
}
}
}
else {
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/events",schemaPath:"#/definitions/SessionTimeStep/properties/events/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.markov_blanket_messages !== undefined){
let data8 = data2.markov_blanket_messages;
const _errs25 = errors;
if(errors === _errs25){
if(Array.isArray(data8)){
var valid6 = true;
const len2 = data8.length;
for(let i2=0; i2<len2; i2++){
let data9 = data8[i2];
const _errs27 = errors;
if(errors === _errs27){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
}
else {
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/markov_blanket_messages/" + i2,schemaPath:"#/definitions/SessionTimeStep/properties/markov_blanket_messages/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid6 = _errs27 === errors;
if(!valid6){
break;
}
}
}
else {
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/markov_blanket_messages",schemaPath:"#/definitions/SessionTimeStep/properties/markov_blanket_messages/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs25 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.step_metadata !== undefined){
let data10 = data2.step_metadata;
const _errs30 = errors;
if(errors === _errs30){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
}
else {
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0+"/step_metadata",schemaPath:"#/definitions/SessionTimeStep/properties/step_metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid3 = _errs30 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
}
}
}
else {
validate64.errors = [{instancePath:instancePath+"/session_time_steps/" + i0,schemaPath:"#/definitions/SessionTimeStep/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs6 === errors;
if(!valid1){
break;
}
}
}
else {
validate64.errors = [{instancePath:instancePath+"/session_time_steps",schemaPath:"#/properties/session_time_steps/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.event_history !== undefined){
let data11 = data.event_history;
const _errs33 = errors;
if(errors === _errs33){
if(Array.isArray(data11)){
var valid7 = true;
const len3 = data11.length;
for(let i3=0; i3<len3; i3++){
let data12 = data11[i3];
const _errs35 = errors;
if(errors === _errs35){
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
}
else {
validate64.errors = [{instancePath:instancePath+"/event_history/" + i3,schemaPath:"#/properties/event_history/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid7 = _errs35 === errors;
if(!valid7){
break;
}
}
}
else {
validate64.errors = [{instancePath:instancePath+"/event_history",schemaPath:"#/properties/event_history/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs33 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.markov_blanket_message_history !== undefined){
let data13 = data.markov_blanket_message_history;
const _errs38 = errors;
if(errors === _errs38){
if(Array.isArray(data13)){
var valid8 = true;
const len4 = data13.length;
for(let i4=0; i4<len4; i4++){
let data14 = data13[i4];
const _errs40 = errors;
if(errors === _errs40){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
}
else {
validate64.errors = [{instancePath:instancePath+"/markov_blanket_message_history/" + i4,schemaPath:"#/properties/markov_blanket_message_history/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid8 = _errs40 === errors;
if(!valid8){
break;
}
}
}
else {
validate64.errors = [{instancePath:instancePath+"/markov_blanket_message_history",schemaPath:"#/properties/markov_blanket_message_history/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs38 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data15 = data.metadata;
const _errs43 = errors;
if(errors === _errs43){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
}
else {
validate64.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs43 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
else {
validate64.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate64.errors = vErrors;
return errors === 0;
}


function validate63(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((data.version === undefined) && (missing0 = "version")) || ((data.session_trace === undefined) && (missing0 = "session_trace"))){
validate63.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.version !== undefined){
let data0 = data.version;
const _errs2 = errors;
if(!(typeof data0 == "number")){
validate63.errors = [{instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
if(3 !== data0){
validate63.errors = [{instancePath:instancePath+"/version",schemaPath:"#/properties/version/const",keyword:"const",params:{allowedValue: 3},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session_trace !== undefined){
const _errs4 = errors;
if(!(validate64(data.session_trace, instancePath+"/session_trace", data, "session_trace", rootData))){
vErrors = vErrors === null ? validate64.errors : vErrors.concat(validate64.errors);
errors = vErrors.length;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.run_id !== undefined){
const _errs5 = errors;
if(typeof data.run_id !== "string"){
validate63.errors = [{instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy_id !== undefined){
let data3 = data.policy_id;
const _errs7 = errors;
if((typeof data3 !== "string") && (data3 !== null)){
validate63.errors = [{instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: schema73.properties.policy_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.reward !== undefined){
let data4 = data.reward;
const _errs9 = errors;
const _errs10 = errors;
let valid1 = true;
const _errs11 = errors;
var _valid0 = data4 === null;
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs13 = errors;
if(errors === _errs13){
if(typeof data4 == "number"){
if(!isFinite(data4)){
validate63.errors = [{instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate63.errors = [{instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid0 = _errs13 === errors;
valid1 = _valid0;
}
if(!valid1){
const err1 = {instancePath:instancePath+"/reward",schemaPath:"#/properties/reward/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate63.errors = vErrors;
return false;
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.episode_returns !== undefined){
let data5 = data.episode_returns;
const _errs15 = errors;
if(errors === _errs15){
if(Array.isArray(data5)){
var valid2 = true;
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
const _errs17 = errors;
if(errors === _errs17){
if(typeof data6 == "number"){
if(!isFinite(data6)){
validate63.errors = [{instancePath:instancePath+"/episode_returns/" + i0,schemaPath:"#/properties/episode_returns/items/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate63.errors = [{instancePath:instancePath+"/episode_returns/" + i0,schemaPath:"#/properties/episode_returns/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid2 = _errs17 === errors;
if(!valid2){
break;
}
}
}
else {
validate63.errors = [{instancePath:instancePath+"/episode_returns",schemaPath:"#/properties/episode_returns/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.mean_return !== undefined){
let data7 = data.mean_return;
const _errs19 = errors;
if(errors === _errs19){
if(typeof data7 == "number"){
if(!isFinite(data7)){
validate63.errors = [{instancePath:instancePath+"/mean_return",schemaPath:"#/properties/mean_return/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate63.errors = [{instancePath:instancePath+"/mean_return",schemaPath:"#/properties/mean_return/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid0 = _errs19 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.num_steps !== undefined){
let data8 = data.num_steps;
const _errs21 = errors;
if(!((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8)))){
validate63.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs21){
if(typeof data8 == "number"){
if(data8 > 9007199254740991 || isNaN(data8)){
validate63.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data8 < 0 || isNaN(data8)){
validate63.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data8)){
validate63.errors = [{instancePath:instancePath+"/num_steps",schemaPath:"#/properties/num_steps/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate63.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate63.errors = vErrors;
return errors === 0;
}


function validate62(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
const _errs0 = errors;
let valid0 = false;
const _errs1 = errors;
if(!(validate63(data, instancePath, parentData, parentDataProperty, rootData))){
vErrors = vErrors === null ? validate63.errors : vErrors.concat(validate63.errors);
errors = vErrors.length;
}
var _valid0 = _errs1 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs2 = errors;
if(!(validate64(data, instancePath, parentData, parentDataProperty, rootData))){
vErrors = vErrors === null ? validate64.errors : vErrors.concat(validate64.errors);
errors = vErrors.length;
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
const _errs4 = errors;
if(errors === _errs4){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.session_id === undefined) && (missing0 = "session_id")){
const err0 = {instancePath,schemaPath:"#/definitions/CompactTrace/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.session_id !== undefined){
const _errs7 = errors;
if(typeof data.session_id !== "string"){
const err1 = {instancePath:instancePath+"/session_id",schemaPath:"#/definitions/CompactTrace/properties/session_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var valid2 = _errs7 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.created_at !== undefined){
const _errs9 = errors;
if(typeof data.created_at !== "string"){
const err2 = {instancePath:instancePath+"/created_at",schemaPath:"#/definitions/CompactTrace/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var valid2 = _errs9 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.metadata !== undefined){
let data2 = data.metadata;
const _errs11 = errors;
if(errors === _errs11){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
}
else {
const err3 = {instancePath:instancePath+"/metadata",schemaPath:"#/definitions/CompactTrace/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var valid2 = _errs11 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.events_count !== undefined){
let data3 = data.events_count;
const _errs14 = errors;
if(!((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3)))){
const err4 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(errors === _errs14){
if(typeof data3 == "number"){
if(data3 > 9007199254740991 || isNaN(data3)){
const err5 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
if(data3 < 0 || isNaN(data3)){
const err6 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
else {
if(!isFinite(data3)){
const err7 = {instancePath:instancePath+"/events_count",schemaPath:"#/definitions/CompactTrace/properties/events_count/finite",keyword:"finite",params:{},message:"must be a finite number"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
}
}
var valid2 = _errs14 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.messages_count !== undefined){
let data4 = data.messages_count;
const _errs16 = errors;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
const err8 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(errors === _errs16){
if(typeof data4 == "number"){
if(data4 > 9007199254740991 || isNaN(data4)){
const err9 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
else {
if(data4 < 0 || isNaN(data4)){
const err10 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
else {
if(!isFinite(data4)){
const err11 = {instancePath:instancePath+"/messages_count",schemaPath:"#/definitions/CompactTrace/properties/messages_count/finite",keyword:"finite",params:{},message:"must be a finite number"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
}
}
var valid2 = _errs16 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.lm_calls !== undefined){
let data5 = data.lm_calls;
const _errs18 = errors;
if(errors === _errs18){
if(Array.isArray(data5)){
var valid3 = true;
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
const _errs20 = errors;
if(errors === _errs20){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
}
else {
const err12 = {instancePath:instancePath+"/lm_calls/" + i0,schemaPath:"#/definitions/CompactTrace/properties/lm_calls/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var valid3 = _errs20 === errors;
if(!valid3){
break;
}
}
}
else {
const err13 = {instancePath:instancePath+"/lm_calls",schemaPath:"#/definitions/CompactTrace/properties/lm_calls/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
var valid2 = _errs18 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.decision_rewards !== undefined){
let data7 = data.decision_rewards;
const _errs23 = errors;
if(errors === _errs23){
if(Array.isArray(data7)){
var valid4 = true;
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
const _errs25 = errors;
const _errs26 = errors;
let valid5 = false;
const _errs27 = errors;
if(errors === _errs27){
if(typeof data8 == "number"){
if(!isFinite(data8)){
const err14 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/0/finite",keyword:"finite",params:{},message:"must be a finite number"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/0/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
var _valid1 = _errs27 === errors;
valid5 = valid5 || _valid1;
if(!valid5){
const _errs29 = errors;
if(errors === _errs29){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
}
else {
const err16 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
var _valid1 = _errs29 === errors;
valid5 = valid5 || _valid1;
}
if(!valid5){
const err17 = {instancePath:instancePath+"/decision_rewards/" + i1,schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
errors = _errs26;
if(vErrors !== null){
if(_errs26){
vErrors.length = _errs26;
}
else {
vErrors = null;
}
}
}
var valid4 = _errs25 === errors;
if(!valid4){
break;
}
}
}
else {
const err18 = {instancePath:instancePath+"/decision_rewards",schemaPath:"#/definitions/CompactTrace/properties/decision_rewards/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
var valid2 = _errs23 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/definitions/CompactTrace/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs32 = errors;
if(errors === _errs32){
if(data && typeof data == "object" && !Array.isArray(data)){
}
else {
const err20 = {instancePath,schemaPath:"#/anyOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
var _valid0 = _errs32 === errors;
valid0 = valid0 || _valid0;
}
}
}
if(!valid0){
const err21 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
validate62.errors = vErrors;
return false;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate62.errors = vErrors;
return errors === 0;
}


function validate59(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.trajectories === undefined){
data.trajectories = [];
}
if(data.branches === undefined){
data.branches = {};
}
if(data.aborted === undefined){
data.aborted = false;
}
if(data.ops_executed === undefined){
data.ops_executed = 0;
}
if(data.pipeline_metadata === undefined){
data.pipeline_metadata = {};
}
let missing0;
if(((data.run_id === undefined) && (missing0 = "run_id")) || ((data.metrics === undefined) && (missing0 = "metrics"))){
validate59.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((key0 === "run_id" || key0 === "trajectories" || key0 === "branches" || key0 === "metrics" || key0 === "aborted" || key0 === "ops_executed" || key0 === "trace" || key0 === "trace_correlation_id" || key0 === "pipeline_metadata"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.run_id !== undefined){
const _errs2 = errors;
if(typeof data.run_id !== "string"){
validate59.errors = [{instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data1 = data.trajectories;
const _errs4 = errors;
if(errors === _errs4){
if(Array.isArray(data1)){
var valid1 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
const _errs6 = errors;
if(!(validate60(data1[i0], instancePath+"/trajectories/" + i0, data1, i0, rootData))){
vErrors = vErrors === null ? validate60.errors : vErrors.concat(validate60.errors);
errors = vErrors.length;
}
var valid1 = _errs6 === errors;
if(!valid1){
break;
}
}
}
else {
validate59.errors = [{instancePath:instancePath+"/trajectories",schemaPath:"#/properties/trajectories/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs4 === errors;
if(valid0){
let data3 = data.branches;
const _errs7 = errors;
if(errors === _errs7){
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
for(const key1 in data3){
let data4 = data3[key1];
const _errs10 = errors;
if(errors === _errs10){
if(Array.isArray(data4)){
var valid3 = true;
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
const _errs12 = errors;
if(typeof data4[i1] !== "string"){
validate59.errors = [{instancePath:instancePath+"/branches/" + key1.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i1,schemaPath:"#/properties/branches/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs12 === errors;
if(!valid3){
break;
}
}
}
else {
validate59.errors = [{instancePath:instancePath+"/branches/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/branches/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid2 = _errs10 === errors;
if(!valid2){
break;
}
}
}
else {
validate59.errors = [{instancePath:instancePath+"/branches",schemaPath:"#/properties/branches/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs7 === errors;
if(valid0){
if(data.metrics !== undefined){
let data6 = data.metrics;
const _errs14 = errors;
const _errs15 = errors;
if(errors === _errs15){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.num_episodes === undefined){
data6.num_episodes = 0;
}
if(data6.details === undefined){
data6.details = {};
}
let missing1;
if((((data6.episode_returns === undefined) && (missing1 = "episode_returns")) || ((data6.mean_return === undefined) && (missing1 = "mean_return"))) || ((data6.num_steps === undefined) && (missing1 = "num_steps"))){
validate59.errors = [{instancePath:instancePath+"/metrics",schemaPath:"#/definitions/RolloutMetrics/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs17 = errors;
for(const key2 in data6){
if(!(((((((key2 === "episode_returns") || (key2 === "mean_return")) || (key2 === "num_steps")) || (key2 === "num_episodes")) || (key2 === "outcome_score")) || (key2 === "events_score")) || (key2 === "details"))){
delete data6[key2];
}
}
if(_errs17 === errors){
if(data6.episode_returns !== undefined){
let data7 = data6.episode_returns;
const _errs18 = errors;
if(errors === _errs18){
if(Array.isArray(data7)){
var valid6 = true;
const len2 = data7.length;
for(let i2=0; i2<len2; i2++){
let data8 = data7[i2];
const _errs20 = errors;
if(errors === _errs20){
if(typeof data8 == "number"){
if(!isFinite(data8)){
validate59.errors = [{instancePath:instancePath+"/metrics/episode_returns/" + i2,schemaPath:"#/definitions/RolloutMetrics/properties/episode_returns/items/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate59.errors = [{instancePath:instancePath+"/metrics/episode_returns/" + i2,schemaPath:"#/definitions/RolloutMetrics/properties/episode_returns/items/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid6 = _errs20 === errors;
if(!valid6){
break;
}
}
}
else {
validate59.errors = [{instancePath:instancePath+"/metrics/episode_returns",schemaPath:"#/definitions/RolloutMetrics/properties/episode_returns/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid5 = _errs18 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data6.mean_return !== undefined){
let data9 = data6.mean_return;
const _errs22 = errors;
if(errors === _errs22){
if(typeof data9 == "number"){
if(!isFinite(data9)){
validate59.errors = [{instancePath:instancePath+"/metrics/mean_return",schemaPath:"#/definitions/RolloutMetrics/properties/mean_return/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate59.errors = [{instancePath:instancePath+"/metrics/mean_return",schemaPath:"#/definitions/RolloutMetrics/properties/mean_return/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid5 = _errs22 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data6.num_steps !== undefined){
let data10 = data6.num_steps;
const _errs24 = errors;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
validate59.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs24){
if(typeof data10 == "number"){
if(data10 > 9007199254740991 || isNaN(data10)){
validate59.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 < 0 || isNaN(data10)){
validate59.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data10)){
validate59.errors = [{instancePath:instancePath+"/metrics/num_steps",schemaPath:"#/definitions/RolloutMetrics/properties/num_steps/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid5 = _errs24 === errors;
}
else {
var valid5 = true;
}
if(valid5){
let data11 = data6.num_episodes;
const _errs26 = errors;
if(!((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11)))){
validate59.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs26){
if(typeof data11 == "number"){
if(data11 > 9007199254740991 || isNaN(data11)){
validate59.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data11 < 0 || isNaN(data11)){
validate59.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data11)){
validate59.errors = [{instancePath:instancePath+"/metrics/num_episodes",schemaPath:"#/definitions/RolloutMetrics/properties/num_episodes/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid5 = _errs26 === errors;
if(valid5){
if(data6.outcome_score !== undefined){
let data12 = data6.outcome_score;
const _errs28 = errors;
const _errs29 = errors;
let valid7 = true;
const _errs30 = errors;
var _valid0 = data12 === null;
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs32 = errors;
if(errors === _errs32){
if(typeof data12 == "number"){
if(!isFinite(data12)){
validate59.errors = [{instancePath:instancePath+"/metrics/outcome_score",schemaPath:"#/definitions/RolloutMetrics/properties/outcome_score/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate59.errors = [{instancePath:instancePath+"/metrics/outcome_score",schemaPath:"#/definitions/RolloutMetrics/properties/outcome_score/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid0 = _errs32 === errors;
valid7 = _valid0;
}
if(!valid7){
const err1 = {instancePath:instancePath+"/metrics/outcome_score",schemaPath:"#/definitions/RolloutMetrics/properties/outcome_score/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate59.errors = vErrors;
return false;
}
var valid5 = _errs28 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data6.events_score !== undefined){
let data13 = data6.events_score;
const _errs34 = errors;
const _errs35 = errors;
let valid8 = true;
const _errs36 = errors;
var _valid1 = data13 === null;
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs38 = errors;
if(errors === _errs38){
if(typeof data13 == "number"){
if(!isFinite(data13)){
validate59.errors = [{instancePath:instancePath+"/metrics/events_score",schemaPath:"#/definitions/RolloutMetrics/properties/events_score/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
else {
validate59.errors = [{instancePath:instancePath+"/metrics/events_score",schemaPath:"#/definitions/RolloutMetrics/properties/events_score/else/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var _valid1 = _errs38 === errors;
valid8 = _valid1;
}
if(!valid8){
const err3 = {instancePath:instancePath+"/metrics/events_score",schemaPath:"#/definitions/RolloutMetrics/properties/events_score/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate59.errors = vErrors;
return false;
}
var valid5 = _errs34 === errors;
}
else {
var valid5 = true;
}
if(valid5){
let data14 = data6.details;
const _errs40 = errors;
if(errors === _errs40){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
}
else {
validate59.errors = [{instancePath:instancePath+"/metrics/details",schemaPath:"#/definitions/RolloutMetrics/properties/details/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid5 = _errs40 === errors;
}
}
}
}
}
}
}
}
}
else {
validate59.errors = [{instancePath:instancePath+"/metrics",schemaPath:"#/definitions/RolloutMetrics/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs14 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const _errs43 = errors;
if(typeof data.aborted !== "boolean"){
validate59.errors = [{instancePath:instancePath+"/aborted",schemaPath:"#/properties/aborted/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid0 = _errs43 === errors;
if(valid0){
let data16 = data.ops_executed;
const _errs45 = errors;
if(!((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16)))){
validate59.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs45){
if(typeof data16 == "number"){
if(data16 > 9007199254740991 || isNaN(data16)){
validate59.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data16 < 0 || isNaN(data16)){
validate59.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data16)){
validate59.errors = [{instancePath:instancePath+"/ops_executed",schemaPath:"#/properties/ops_executed/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid0 = _errs45 === errors;
if(valid0){
if(data.trace !== undefined){
let data17 = data.trace;
const _errs47 = errors;
const _errs48 = errors;
let valid9 = true;
const _errs49 = errors;
var _valid2 = data17 === null;
errors = _errs48;
if(vErrors !== null){
if(_errs48){
vErrors.length = _errs48;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs51 = errors;
if(!(validate62(data17, instancePath+"/trace", data, "trace", rootData))){
vErrors = vErrors === null ? validate62.errors : vErrors.concat(validate62.errors);
errors = vErrors.length;
}
var _valid2 = _errs51 === errors;
valid9 = _valid2;
}
if(!valid9){
const err5 = {instancePath:instancePath+"/trace",schemaPath:"#/properties/trace/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate59.errors = vErrors;
return false;
}
var valid0 = _errs47 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.trace_correlation_id !== undefined){
let data18 = data.trace_correlation_id;
const _errs52 = errors;
if((typeof data18 !== "string") && (data18 !== null)){
validate59.errors = [{instancePath:instancePath+"/trace_correlation_id",schemaPath:"#/properties/trace_correlation_id/type",keyword:"type",params:{type: schema68.properties.trace_correlation_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs52 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data19 = data.pipeline_metadata;
const _errs54 = errors;
if(errors === _errs54){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
}
else {
validate59.errors = [{instancePath:instancePath+"/pipeline_metadata",schemaPath:"#/properties/pipeline_metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs54 === errors;
}
}
}
}
}
}
}
}
}
}
}
else {
validate59.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate59.errors = vErrors;
return errors === 0;
}

export const validateParsedContainerRolloutRequest = validate69;
const schema77 = {"type":"object","properties":{"trace_correlation_id":{"type":"string","pattern":"[^\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]"},"env":{"$ref":"#/definitions/RolloutEnvSpec"},"policy":{"$ref":"#/definitions/RolloutPolicySpec"},"on_done":{"default":"reset","type":"string"},"safety":{"default":{},"allOf":[{"$ref":"#/definitions/ContainerSafetyConfig"}]},"training_session_id":{"type":["string","null"]},"synth_base_url":{"type":["string","null"]},"context_overrides":{"type":["array","null"],"items":{"$ref":"#/definitions/ContextOverride"}},"override_bundle_id":{"type":["string","null"]}},"required":["trace_correlation_id","env","policy"],"additionalProperties":false,"definitions":{"ContainerRolloutRequest":{"type":"object","properties":{"trace_correlation_id":{"type":"string","pattern":"[^\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]"},"env":{"$ref":"#/definitions/RolloutEnvSpec"},"policy":{"$ref":"#/definitions/RolloutPolicySpec"},"on_done":{"default":"reset","type":"string"},"safety":{"default":{},"allOf":[{"$ref":"#/definitions/ContainerSafetyConfig"}]},"training_session_id":{"type":["string","null"]},"synth_base_url":{"type":["string","null"]},"context_overrides":{"type":["array","null"],"items":{"$ref":"#/definitions/ContextOverride"}},"override_bundle_id":{"type":["string","null"]}},"required":["trace_correlation_id","env","policy"],"additionalProperties":false},"RolloutEnvSpec":{"type":"object","properties":{"env_id":{"type":["string","null"]},"env_name":{"type":["string","null"]},"config":{"default":{},"type":"object","additionalProperties":{}},"seed":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false},"RolloutPolicySpec":{"type":"object","properties":{"policy_id":{"type":["string","null"]},"policy_name":{"type":["string","null"]},"config":{"default":{},"allOf":[{"$ref":"#/definitions/PolicyConfig"}]},"output_mode":{"type":"string","enum":["tool_calls","text","structured"]},"structured_config":{"type":"object","properties":{"schema":{"type":"object","additionalProperties":{}},"schema_name":{"default":"response","type":"string"},"strict":{"default":true,"type":"boolean"}},"required":["schema"],"additionalProperties":false}},"additionalProperties":false},"PolicyConfig":{"type":"object","properties":{"inference_url":{"type":"string","minLength":1},"model":{"type":"string","minLength":1},"provider":{"type":"string","minLength":1},"temperature":{"type":"number","minimum":0,"finite":true},"top_p":{"type":"number","exclusiveMinimum":0,"maximum":1,"finite":true},"max_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_completion_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_llm_calls":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"use_tools":{"type":"boolean"},"use_vision":{"type":"boolean"},"image_only_mode":{"type":"boolean"},"max_images_per_step":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"thinking_mode":{"type":"string","enum":["think","no_think"]},"thinking_budget":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true}},"additionalProperties":{}},"ContainerSafetyConfig":{"type":"object","properties":{"max_time_s":{"default":3600,"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_memory_mb":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"allow_network":{"default":true,"type":"boolean"}},"additionalProperties":false},"ContextOverride":{"type":"object","properties":{"file_artifacts":{"default":{},"type":"object","additionalProperties":{"type":"string"}},"preflight_script":{"type":["string","null"]},"env_vars":{"default":{},"type":"object","additionalProperties":{"type":"string"}},"mutation_type":{"type":["string","null"]},"created_at":{"type":["string","null"]},"override_id":{"type":["string","null"]},"source":{"type":["string","null"]},"priority":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false}}};
const schema78 = {"type":"object","properties":{"env_id":{"type":["string","null"]},"env_name":{"type":["string","null"]},"config":{"default":{},"type":"object","additionalProperties":{}},"seed":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false};
const schema81 = {"type":"object","properties":{"max_time_s":{"default":3600,"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_memory_mb":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}},"allow_network":{"default":true,"type":"boolean"}},"additionalProperties":false};
const schema82 = {"type":"object","properties":{"file_artifacts":{"default":{},"type":"object","additionalProperties":{"type":"string"}},"preflight_script":{"type":["string","null"]},"env_vars":{"default":{},"type":"object","additionalProperties":{"type":"string"}},"mutation_type":{"type":["string","null"]},"created_at":{"type":["string","null"]},"override_id":{"type":["string","null"]},"source":{"type":["string","null"]},"priority":{"if":{"type":"null"},"else":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991,"finite":true}}},"additionalProperties":false};
const schema79 = {"type":"object","properties":{"policy_id":{"type":["string","null"]},"policy_name":{"type":["string","null"]},"config":{"default":{},"allOf":[{"$ref":"#/definitions/PolicyConfig"}]},"output_mode":{"type":"string","enum":["tool_calls","text","structured"]},"structured_config":{"type":"object","properties":{"schema":{"type":"object","additionalProperties":{}},"schema_name":{"default":"response","type":"string"},"strict":{"default":true,"type":"boolean"}},"required":["schema"],"additionalProperties":false}},"additionalProperties":false};
const schema80 = {"type":"object","properties":{"inference_url":{"type":"string","minLength":1},"model":{"type":"string","minLength":1},"provider":{"type":"string","minLength":1},"temperature":{"type":"number","minimum":0,"finite":true},"top_p":{"type":"number","exclusiveMinimum":0,"maximum":1,"finite":true},"max_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_completion_tokens":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"max_llm_calls":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"use_tools":{"type":"boolean"},"use_vision":{"type":"boolean"},"image_only_mode":{"type":"boolean"},"max_images_per_step":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true},"thinking_mode":{"type":"string","enum":["think","no_think"]},"thinking_budget":{"type":"integer","exclusiveMinimum":0,"maximum":9007199254740991,"finite":true}},"additionalProperties":{}};

function validate70(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.config === undefined){
data.config = {};
}
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "policy_id") || (key0 === "policy_name")) || (key0 === "config")) || (key0 === "output_mode")) || (key0 === "structured_config"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.policy_id !== undefined){
let data0 = data.policy_id;
const _errs2 = errors;
if((typeof data0 !== "string") && (data0 !== null)){
validate70.errors = [{instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: schema79.properties.policy_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy_name !== undefined){
let data1 = data.policy_name;
const _errs4 = errors;
if((typeof data1 !== "string") && (data1 !== null)){
validate70.errors = [{instancePath:instancePath+"/policy_name",schemaPath:"#/properties/policy_name/type",keyword:"type",params:{type: schema79.properties.policy_name.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
let data2 = data.config;
const _errs6 = errors;
const _errs8 = errors;
if(errors === _errs8){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.inference_url !== undefined){
let data3 = data2.inference_url;
const _errs11 = errors;
if(errors === _errs11){
if(typeof data3 === "string"){
if(func3(data3) < 1){
validate70.errors = [{instancePath:instancePath+"/config/inference_url",schemaPath:"#/definitions/PolicyConfig/properties/inference_url/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate70.errors = [{instancePath:instancePath+"/config/inference_url",schemaPath:"#/definitions/PolicyConfig/properties/inference_url/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs11 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.model !== undefined){
let data4 = data2.model;
const _errs13 = errors;
if(errors === _errs13){
if(typeof data4 === "string"){
if(func3(data4) < 1){
validate70.errors = [{instancePath:instancePath+"/config/model",schemaPath:"#/definitions/PolicyConfig/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate70.errors = [{instancePath:instancePath+"/config/model",schemaPath:"#/definitions/PolicyConfig/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs13 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.provider !== undefined){
let data5 = data2.provider;
const _errs15 = errors;
if(errors === _errs15){
if(typeof data5 === "string"){
if(func3(data5) < 1){
validate70.errors = [{instancePath:instancePath+"/config/provider",schemaPath:"#/definitions/PolicyConfig/properties/provider/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate70.errors = [{instancePath:instancePath+"/config/provider",schemaPath:"#/definitions/PolicyConfig/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs15 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.temperature !== undefined){
let data6 = data2.temperature;
const _errs17 = errors;
if(errors === _errs17){
if(typeof data6 == "number"){
if(data6 < 0 || isNaN(data6)){
validate70.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
else {
if(!isFinite(data6)){
validate70.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
else {
validate70.errors = [{instancePath:instancePath+"/config/temperature",schemaPath:"#/definitions/PolicyConfig/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid3 = _errs17 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.top_p !== undefined){
let data7 = data2.top_p;
const _errs19 = errors;
if(errors === _errs19){
if(typeof data7 == "number"){
if(data7 > 1 || isNaN(data7)){
validate70.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"}];
return false;
}
else {
if(data7 <= 0 || isNaN(data7)){
validate70.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data7)){
validate70.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
else {
validate70.errors = [{instancePath:instancePath+"/config/top_p",schemaPath:"#/definitions/PolicyConfig/properties/top_p/type",keyword:"type",params:{type: "number"},message:"must be number"}];
return false;
}
}
var valid3 = _errs19 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_tokens !== undefined){
let data8 = data2.max_tokens;
const _errs21 = errors;
if(!((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8)))){
validate70.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs21){
if(typeof data8 == "number"){
if(data8 > 9007199254740991 || isNaN(data8)){
validate70.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data8 <= 0 || isNaN(data8)){
validate70.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data8)){
validate70.errors = [{instancePath:instancePath+"/config/max_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_tokens/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs21 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_completion_tokens !== undefined){
let data9 = data2.max_completion_tokens;
const _errs23 = errors;
if(!((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9)))){
validate70.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs23){
if(typeof data9 == "number"){
if(data9 > 9007199254740991 || isNaN(data9)){
validate70.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data9 <= 0 || isNaN(data9)){
validate70.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data9)){
validate70.errors = [{instancePath:instancePath+"/config/max_completion_tokens",schemaPath:"#/definitions/PolicyConfig/properties/max_completion_tokens/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs23 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_llm_calls !== undefined){
let data10 = data2.max_llm_calls;
const _errs25 = errors;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
validate70.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs25){
if(typeof data10 == "number"){
if(data10 > 9007199254740991 || isNaN(data10)){
validate70.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 <= 0 || isNaN(data10)){
validate70.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data10)){
validate70.errors = [{instancePath:instancePath+"/config/max_llm_calls",schemaPath:"#/definitions/PolicyConfig/properties/max_llm_calls/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs25 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.use_tools !== undefined){
const _errs27 = errors;
if(typeof data2.use_tools !== "boolean"){
validate70.errors = [{instancePath:instancePath+"/config/use_tools",schemaPath:"#/definitions/PolicyConfig/properties/use_tools/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs27 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.use_vision !== undefined){
const _errs29 = errors;
if(typeof data2.use_vision !== "boolean"){
validate70.errors = [{instancePath:instancePath+"/config/use_vision",schemaPath:"#/definitions/PolicyConfig/properties/use_vision/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs29 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.image_only_mode !== undefined){
const _errs31 = errors;
if(typeof data2.image_only_mode !== "boolean"){
validate70.errors = [{instancePath:instancePath+"/config/image_only_mode",schemaPath:"#/definitions/PolicyConfig/properties/image_only_mode/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs31 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.max_images_per_step !== undefined){
let data14 = data2.max_images_per_step;
const _errs33 = errors;
if(!((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14)))){
validate70.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs33){
if(typeof data14 == "number"){
if(data14 > 9007199254740991 || isNaN(data14)){
validate70.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data14 <= 0 || isNaN(data14)){
validate70.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data14)){
validate70.errors = [{instancePath:instancePath+"/config/max_images_per_step",schemaPath:"#/definitions/PolicyConfig/properties/max_images_per_step/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs33 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.thinking_mode !== undefined){
let data15 = data2.thinking_mode;
const _errs35 = errors;
if(typeof data15 !== "string"){
validate70.errors = [{instancePath:instancePath+"/config/thinking_mode",schemaPath:"#/definitions/PolicyConfig/properties/thinking_mode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((data15 === "think") || (data15 === "no_think"))){
validate70.errors = [{instancePath:instancePath+"/config/thinking_mode",schemaPath:"#/definitions/PolicyConfig/properties/thinking_mode/enum",keyword:"enum",params:{allowedValues: schema80.properties.thinking_mode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid3 = _errs35 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.thinking_budget !== undefined){
let data16 = data2.thinking_budget;
const _errs37 = errors;
if(!((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16)))){
validate70.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs37){
if(typeof data16 == "number"){
if(data16 > 9007199254740991 || isNaN(data16)){
validate70.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data16 <= 0 || isNaN(data16)){
validate70.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data16)){
validate70.errors = [{instancePath:instancePath+"/config/thinking_budget",schemaPath:"#/definitions/PolicyConfig/properties/thinking_budget/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid3 = _errs37 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate70.errors = [{instancePath:instancePath+"/config",schemaPath:"#/definitions/PolicyConfig/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs6 === errors;
if(valid0){
if(data.output_mode !== undefined){
let data17 = data.output_mode;
const _errs39 = errors;
if(typeof data17 !== "string"){
validate70.errors = [{instancePath:instancePath+"/output_mode",schemaPath:"#/properties/output_mode/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((data17 === "tool_calls") || (data17 === "text")) || (data17 === "structured"))){
validate70.errors = [{instancePath:instancePath+"/output_mode",schemaPath:"#/properties/output_mode/enum",keyword:"enum",params:{allowedValues: schema79.properties.output_mode.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs39 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.structured_config !== undefined){
let data18 = data.structured_config;
const _errs41 = errors;
if(errors === _errs41){
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.schema_name === undefined){
data18.schema_name = "response";
}
if(data18.strict === undefined){
data18.strict = true;
}
let missing0;
if((data18.schema === undefined) && (missing0 = "schema")){
validate70.errors = [{instancePath:instancePath+"/structured_config",schemaPath:"#/properties/structured_config/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs43 = errors;
for(const key1 in data18){
if(!(((key1 === "schema") || (key1 === "schema_name")) || (key1 === "strict"))){
delete data18[key1];
}
}
if(_errs43 === errors){
if(data18.schema !== undefined){
let data19 = data18.schema;
const _errs44 = errors;
if(errors === _errs44){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
}
else {
validate70.errors = [{instancePath:instancePath+"/structured_config/schema",schemaPath:"#/properties/structured_config/properties/schema/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs44 === errors;
}
else {
var valid4 = true;
}
if(valid4){
const _errs47 = errors;
if(typeof data18.schema_name !== "string"){
validate70.errors = [{instancePath:instancePath+"/structured_config/schema_name",schemaPath:"#/properties/structured_config/properties/schema_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid4 = _errs47 === errors;
if(valid4){
const _errs49 = errors;
if(typeof data18.strict !== "boolean"){
validate70.errors = [{instancePath:instancePath+"/structured_config/strict",schemaPath:"#/properties/structured_config/properties/strict/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid4 = _errs49 === errors;
}
}
}
}
}
else {
validate70.errors = [{instancePath:instancePath+"/structured_config",schemaPath:"#/properties/structured_config/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs41 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
else {
validate70.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate70.errors = vErrors;
return errors === 0;
}


function validate69(data, instancePath="", parentData, parentDataProperty, rootData=data){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.on_done === undefined){
data.on_done = "reset";
}
if(data.safety === undefined){
data.safety = {};
}
let missing0;
if((((data.trace_correlation_id === undefined) && (missing0 = "trace_correlation_id")) || ((data.env === undefined) && (missing0 = "env"))) || ((data.policy === undefined) && (missing0 = "policy"))){
validate69.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((key0 === "trace_correlation_id" || key0 === "env" || key0 === "policy" || key0 === "on_done" || key0 === "safety" || key0 === "training_session_id" || key0 === "synth_base_url" || key0 === "context_overrides" || key0 === "override_bundle_id"))){
delete data[key0];
}
}
if(_errs1 === errors){
if(data.trace_correlation_id !== undefined){
let data0 = data.trace_correlation_id;
const _errs2 = errors;
if(errors === _errs2){
if(typeof data0 === "string"){
if(!pattern0.test(data0)){
validate69.errors = [{instancePath:instancePath+"/trace_correlation_id",schemaPath:"#/properties/trace_correlation_id/pattern",keyword:"pattern",params:{pattern: "[^\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]"},message:"must match pattern \""+"[^\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]"+"\""}];
return false;
}
}
else {
validate69.errors = [{instancePath:instancePath+"/trace_correlation_id",schemaPath:"#/properties/trace_correlation_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.env !== undefined){
let data1 = data.env;
const _errs4 = errors;
const _errs5 = errors;
if(errors === _errs5){
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.config === undefined){
data1.config = {};
}
const _errs7 = errors;
for(const key1 in data1){
if(!((((key1 === "env_id") || (key1 === "env_name")) || (key1 === "config")) || (key1 === "seed"))){
delete data1[key1];
}
}
if(_errs7 === errors){
if(data1.env_id !== undefined){
let data2 = data1.env_id;
const _errs8 = errors;
if((typeof data2 !== "string") && (data2 !== null)){
validate69.errors = [{instancePath:instancePath+"/env/env_id",schemaPath:"#/definitions/RolloutEnvSpec/properties/env_id/type",keyword:"type",params:{type: schema78.properties.env_id.type},message:"must be string,null"}];
return false;
}
var valid2 = _errs8 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data1.env_name !== undefined){
let data3 = data1.env_name;
const _errs10 = errors;
if((typeof data3 !== "string") && (data3 !== null)){
validate69.errors = [{instancePath:instancePath+"/env/env_name",schemaPath:"#/definitions/RolloutEnvSpec/properties/env_name/type",keyword:"type",params:{type: schema78.properties.env_name.type},message:"must be string,null"}];
return false;
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
let data4 = data1.config;
const _errs12 = errors;
if(errors === _errs12){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
}
else {
validate69.errors = [{instancePath:instancePath+"/env/config",schemaPath:"#/definitions/RolloutEnvSpec/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid2 = _errs12 === errors;
if(valid2){
if(data1.seed !== undefined){
let data5 = data1.seed;
const _errs15 = errors;
const _errs16 = errors;
let valid3 = true;
const _errs17 = errors;
var _valid0 = data5 === null;
errors = _errs16;
if(vErrors !== null){
if(_errs16){
vErrors.length = _errs16;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs19 = errors;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
validate69.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs19){
if(typeof data5 == "number"){
if(data5 > 9007199254740991 || isNaN(data5)){
validate69.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data5 < -9007199254740991 || isNaN(data5)){
validate69.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data5)){
validate69.errors = [{instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid0 = _errs19 === errors;
valid3 = _valid0;
}
if(!valid3){
const err1 = {instancePath:instancePath+"/env/seed",schemaPath:"#/definitions/RolloutEnvSpec/properties/seed/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
validate69.errors = vErrors;
return false;
}
var valid2 = _errs15 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
else {
validate69.errors = [{instancePath:instancePath+"/env",schemaPath:"#/definitions/RolloutEnvSpec/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.policy !== undefined){
const _errs21 = errors;
if(!(validate70(data.policy, instancePath+"/policy", data, "policy", rootData))){
vErrors = vErrors === null ? validate70.errors : vErrors.concat(validate70.errors);
errors = vErrors.length;
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
const _errs22 = errors;
if(typeof data.on_done !== "string"){
validate69.errors = [{instancePath:instancePath+"/on_done",schemaPath:"#/properties/on_done/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs22 === errors;
if(valid0){
let data8 = data.safety;
const _errs24 = errors;
const _errs26 = errors;
if(errors === _errs26){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.max_time_s === undefined){
data8.max_time_s = 3600;
}
if(data8.allow_network === undefined){
data8.allow_network = true;
}
const _errs28 = errors;
for(const key2 in data8){
if(!(((key2 === "max_time_s") || (key2 === "max_memory_mb")) || (key2 === "allow_network"))){
delete data8[key2];
}
}
if(_errs28 === errors){
let data9 = data8.max_time_s;
const _errs29 = errors;
if(!((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9)))){
validate69.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_time_s/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs29){
if(typeof data9 == "number"){
if(data9 > 9007199254740991 || isNaN(data9)){
validate69.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_time_s/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data9 <= 0 || isNaN(data9)){
validate69.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_time_s/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"}];
return false;
}
else {
if(!isFinite(data9)){
validate69.errors = [{instancePath:instancePath+"/safety/max_time_s",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_time_s/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var valid6 = _errs29 === errors;
if(valid6){
if(data8.max_memory_mb !== undefined){
let data10 = data8.max_memory_mb;
const _errs31 = errors;
const _errs32 = errors;
let valid7 = true;
const _errs33 = errors;
var _valid1 = data10 === null;
errors = _errs32;
if(vErrors !== null){
if(_errs32){
vErrors.length = _errs32;
}
else {
vErrors = null;
}
}
if(!_valid1){
const _errs35 = errors;
if(!((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10)))){
validate69.errors = [{instancePath:instancePath+"/safety/max_memory_mb",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_memory_mb/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs35){
if(typeof data10 == "number"){
if(data10 > 9007199254740991 || isNaN(data10)){
validate69.errors = [{instancePath:instancePath+"/safety/max_memory_mb",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_memory_mb/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data10 < -9007199254740991 || isNaN(data10)){
validate69.errors = [{instancePath:instancePath+"/safety/max_memory_mb",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_memory_mb/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data10)){
validate69.errors = [{instancePath:instancePath+"/safety/max_memory_mb",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_memory_mb/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid1 = _errs35 === errors;
valid7 = _valid1;
}
if(!valid7){
const err3 = {instancePath:instancePath+"/safety/max_memory_mb",schemaPath:"#/definitions/ContainerSafetyConfig/properties/max_memory_mb/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
validate69.errors = vErrors;
return false;
}
var valid6 = _errs31 === errors;
}
else {
var valid6 = true;
}
if(valid6){
const _errs37 = errors;
if(typeof data8.allow_network !== "boolean"){
validate69.errors = [{instancePath:instancePath+"/safety/allow_network",schemaPath:"#/definitions/ContainerSafetyConfig/properties/allow_network/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid6 = _errs37 === errors;
}
}
}
}
else {
validate69.errors = [{instancePath:instancePath+"/safety",schemaPath:"#/definitions/ContainerSafetyConfig/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs24 === errors;
if(valid0){
if(data.training_session_id !== undefined){
let data12 = data.training_session_id;
const _errs39 = errors;
if((typeof data12 !== "string") && (data12 !== null)){
validate69.errors = [{instancePath:instancePath+"/training_session_id",schemaPath:"#/properties/training_session_id/type",keyword:"type",params:{type: schema77.properties.training_session_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs39 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.synth_base_url !== undefined){
let data13 = data.synth_base_url;
const _errs41 = errors;
if((typeof data13 !== "string") && (data13 !== null)){
validate69.errors = [{instancePath:instancePath+"/synth_base_url",schemaPath:"#/properties/synth_base_url/type",keyword:"type",params:{type: schema77.properties.synth_base_url.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs41 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.context_overrides !== undefined){
let data14 = data.context_overrides;
const _errs43 = errors;
if((!(Array.isArray(data14))) && (data14 !== null)){
validate69.errors = [{instancePath:instancePath+"/context_overrides",schemaPath:"#/properties/context_overrides/type",keyword:"type",params:{type: schema77.properties.context_overrides.type},message:"must be array,null"}];
return false;
}
if(errors === _errs43){
if(Array.isArray(data14)){
var valid8 = true;
const len0 = data14.length;
for(let i0=0; i0<len0; i0++){
let data15 = data14[i0];
const _errs45 = errors;
const _errs46 = errors;
if(errors === _errs46){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.file_artifacts === undefined){
data15.file_artifacts = {};
}
if(data15.env_vars === undefined){
data15.env_vars = {};
}
const _errs48 = errors;
for(const key3 in data15){
if(!((((((((key3 === "file_artifacts") || (key3 === "preflight_script")) || (key3 === "env_vars")) || (key3 === "mutation_type")) || (key3 === "created_at")) || (key3 === "override_id")) || (key3 === "source")) || (key3 === "priority"))){
delete data15[key3];
}
}
if(_errs48 === errors){
let data16 = data15.file_artifacts;
const _errs49 = errors;
if(errors === _errs49){
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
for(const key4 in data16){
const _errs52 = errors;
if(typeof data16[key4] !== "string"){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/file_artifacts/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/ContextOverride/properties/file_artifacts/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid11 = _errs52 === errors;
if(!valid11){
break;
}
}
}
else {
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/file_artifacts",schemaPath:"#/definitions/ContextOverride/properties/file_artifacts/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid10 = _errs49 === errors;
if(valid10){
if(data15.preflight_script !== undefined){
let data18 = data15.preflight_script;
const _errs54 = errors;
if((typeof data18 !== "string") && (data18 !== null)){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/preflight_script",schemaPath:"#/definitions/ContextOverride/properties/preflight_script/type",keyword:"type",params:{type: schema82.properties.preflight_script.type},message:"must be string,null"}];
return false;
}
var valid10 = _errs54 === errors;
}
else {
var valid10 = true;
}
if(valid10){
let data19 = data15.env_vars;
const _errs56 = errors;
if(errors === _errs56){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
for(const key5 in data19){
const _errs59 = errors;
if(typeof data19[key5] !== "string"){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/env_vars/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/definitions/ContextOverride/properties/env_vars/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid12 = _errs59 === errors;
if(!valid12){
break;
}
}
}
else {
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/env_vars",schemaPath:"#/definitions/ContextOverride/properties/env_vars/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid10 = _errs56 === errors;
if(valid10){
if(data15.mutation_type !== undefined){
let data21 = data15.mutation_type;
const _errs61 = errors;
if((typeof data21 !== "string") && (data21 !== null)){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/mutation_type",schemaPath:"#/definitions/ContextOverride/properties/mutation_type/type",keyword:"type",params:{type: schema82.properties.mutation_type.type},message:"must be string,null"}];
return false;
}
var valid10 = _errs61 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data15.created_at !== undefined){
let data22 = data15.created_at;
const _errs63 = errors;
if((typeof data22 !== "string") && (data22 !== null)){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/created_at",schemaPath:"#/definitions/ContextOverride/properties/created_at/type",keyword:"type",params:{type: schema82.properties.created_at.type},message:"must be string,null"}];
return false;
}
var valid10 = _errs63 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data15.override_id !== undefined){
let data23 = data15.override_id;
const _errs65 = errors;
if((typeof data23 !== "string") && (data23 !== null)){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/override_id",schemaPath:"#/definitions/ContextOverride/properties/override_id/type",keyword:"type",params:{type: schema82.properties.override_id.type},message:"must be string,null"}];
return false;
}
var valid10 = _errs65 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data15.source !== undefined){
let data24 = data15.source;
const _errs67 = errors;
if((typeof data24 !== "string") && (data24 !== null)){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/source",schemaPath:"#/definitions/ContextOverride/properties/source/type",keyword:"type",params:{type: schema82.properties.source.type},message:"must be string,null"}];
return false;
}
var valid10 = _errs67 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data15.priority !== undefined){
let data25 = data15.priority;
const _errs69 = errors;
const _errs70 = errors;
let valid13 = true;
const _errs71 = errors;
var _valid2 = data25 === null;
errors = _errs70;
if(vErrors !== null){
if(_errs70){
vErrors.length = _errs70;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs73 = errors;
if(!((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25)))){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/priority",schemaPath:"#/definitions/ContextOverride/properties/priority/else/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs73){
if(typeof data25 == "number"){
if(data25 > 9007199254740991 || isNaN(data25)){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/priority",schemaPath:"#/definitions/ContextOverride/properties/priority/else/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"}];
return false;
}
else {
if(data25 < -9007199254740991 || isNaN(data25)){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/priority",schemaPath:"#/definitions/ContextOverride/properties/priority/else/minimum",keyword:"minimum",params:{comparison: ">=", limit: -9007199254740991},message:"must be >= -9007199254740991"}];
return false;
}
else {
if(!isFinite(data25)){
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0+"/priority",schemaPath:"#/definitions/ContextOverride/properties/priority/else/finite",keyword:"finite",params:{},message:"must be a finite number"}];
return false;
}
}
}
}
}
var _valid2 = _errs73 === errors;
valid13 = _valid2;
}
if(!valid13){
const err5 = {instancePath:instancePath+"/context_overrides/" + i0+"/priority",schemaPath:"#/definitions/ContextOverride/properties/priority/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate69.errors = vErrors;
return false;
}
var valid10 = _errs69 === errors;
}
else {
var valid10 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate69.errors = [{instancePath:instancePath+"/context_overrides/" + i0,schemaPath:"#/definitions/ContextOverride/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid8 = _errs45 === errors;
if(!valid8){
break;
}
}
}
}
var valid0 = _errs43 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.override_bundle_id !== undefined){
let data26 = data.override_bundle_id;
const _errs75 = errors;
if((typeof data26 !== "string") && (data26 !== null)){
validate69.errors = [{instancePath:instancePath+"/override_bundle_id",schemaPath:"#/properties/override_bundle_id/type",keyword:"type",params:{type: schema77.properties.override_bundle_id.type},message:"must be string,null"}];
return false;
}
var valid0 = _errs75 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate69.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate69.errors = vErrors;
return errors === 0;
}
