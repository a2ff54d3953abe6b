/**
 * What other modules, the platform and the benchmarks may use of the community module: joining with
 * an invite code, teams and impact. Everything else in this folder is internal.
 */
export { recordRegistration, registerMember, type RegisterInput } from './registration/register.ts';
export { generateEpins } from './epins/epins.ts';
export { getLevelMembers, getTeamLevels, getTeamSummary } from './team/team.ts';
