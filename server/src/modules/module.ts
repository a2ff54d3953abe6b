// A module's contract with the platform lives beside Services, which it refers to (server/src/services.ts).
export type { ErasureFound, ErasureKept, ErasurePart, ErasureTarget, SahayModule } from '#server/services';
