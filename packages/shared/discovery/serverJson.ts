import { z } from 'zod'

/**
 * The MCP Registry's server.json, as its read API (`/v0.1`) returns it. Only what the host uses is
 * declared; unknown fields pass through, so a newer registry is read rather than refused.
 */

/** `{name}` placeholders inside an argument's or header's value, each asked for like an input */
const InputFields = {
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  format: z.string().optional(),
  value: z.string().optional(),
  default: z.string().optional(),
  choices: z.array(z.string()).optional()
}
export const RegistryInputSchema = z.looseObject(InputFields)
const WithVariables = { ...InputFields, variables: z.record(z.string(), RegistryInputSchema).optional() }

export const RegistryArgumentSchema = z.looseObject({
  ...WithVariables,
  type: z.enum(['positional', 'named']),
  /** a named argument's flag, such as `--port` */
  name: z.string().optional(),
  /** a positional argument's label */
  valueHint: z.string().optional(),
  isRepeated: z.boolean().optional()
})
export type RegistryArgument = z.infer<typeof RegistryArgumentSchema>

export const RegistryKeyValueSchema = z.looseObject({ ...WithVariables, name: z.string() })
export type RegistryKeyValue = z.infer<typeof RegistryKeyValueSchema>

export const RegistryPackageSchema = z.looseObject({
  registryType: z.string(),
  registryBaseUrl: z.string().optional(),
  identifier: z.string(),
  version: z.string().optional(),
  fileSha256: z.string().optional(),
  runtimeHint: z.string().optional(),
  transport: z.looseObject({ type: z.string(), url: z.string().optional() }).optional(),
  runtimeArguments: z.array(RegistryArgumentSchema).optional(),
  packageArguments: z.array(RegistryArgumentSchema).optional(),
  environmentVariables: z.array(RegistryKeyValueSchema).optional()
})
export type RegistryPackage = z.infer<typeof RegistryPackageSchema>

export const RegistryRemoteSchema = z.looseObject({
  type: z.string(),
  url: z.string(),
  headers: z.array(RegistryKeyValueSchema).optional(),
  variables: z.record(z.string(), RegistryInputSchema).optional()
})
export type RegistryRemote = z.infer<typeof RegistryRemoteSchema>

export const ServerJsonSchema = z.looseObject({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  version: z.string().min(1),
  websiteUrl: z.string().optional(),
  repository: z.looseObject({ url: z.string().optional(), source: z.string().optional(), subfolder: z.string().optional() }).optional(),
  packages: z.array(RegistryPackageSchema).optional(),
  remotes: z.array(RegistryRemoteSchema).optional()
})
export type ServerJson = z.infer<typeof ServerJsonSchema>

/** the registry's own bookkeeping on an entry */
export const OFFICIAL_META_KEY = 'io.modelcontextprotocol.registry/official'
const OfficialMetaSchema = z.looseObject({ status: z.string().optional(), publishedAt: z.string().optional(), updatedAt: z.string().optional(), isLatest: z.boolean().optional() })

export const RegistryEntrySchema = z.looseObject({
  server: ServerJsonSchema,
  _meta: z.looseObject({ [OFFICIAL_META_KEY]: OfficialMetaSchema.optional() }).optional()
})
export type RegistryEntry = z.infer<typeof RegistryEntrySchema>

/** `GET /servers`: a page of entries and the opaque cursor of the next one */
export const RegistryPageSchema = z.looseObject({
  servers: z.array(z.unknown()),
  metadata: z.looseObject({ nextCursor: z.string().optional(), count: z.number().optional() }).optional()
})

export function entryStatus(entry: RegistryEntry): string | undefined {
  return entry._meta?.[OFFICIAL_META_KEY]?.status
}

export function isDeleted(entry: RegistryEntry): boolean {
  return entryStatus(entry) === 'deleted'
}
