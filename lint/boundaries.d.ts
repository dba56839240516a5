export type ModuleOrder = ReadonlyArray<readonly [string, readonly string[]]>;
export const SERVER_MODULE_ORDER: ModuleOrder;
export function checkModuleOrder(order?: ModuleOrder): void;
export const SERVER_FOUNDATION: string[];
export const CLIENT_BASE: string[];
export function serverModules(): string[];
export function clientFeatures(): string[];
export function restrictedPathZones(): Array<{
  target: string | string[];
  from: string | string[];
  except?: string[];
  message: string;
}>;
export const DATABASE_ACCESS_FILES: string[];
export const databaseImportPatterns: Array<{ regex: string; allowTypeImports: boolean; message: string }>;
export const clientSchemaImportPatterns: Array<{ regex: string; allowTypeImports: boolean; message: string }>;
