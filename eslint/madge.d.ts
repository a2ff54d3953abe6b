// The part of madge's API eslint/import-cycles.ts uses (madge ships no types).
declare module 'madge' {
  interface MadgeResult {
    circular(): string[][];
    warnings(): { skipped: string[] };
  }
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: Record<string, { skipTypeImports?: boolean }>;
  }
  export default function madge(paths: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
