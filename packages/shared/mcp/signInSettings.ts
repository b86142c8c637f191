import { z } from 'zod'
import { isClientMetadataUrl } from './server'

/**
 * How the app signs in to servers, app-wide: the https URL of a client metadata document that
 * names MCP Studio to authorization servers that take one (a server's own oauth.clientMetadataUrl
 * wins). Empty: the app registers dynamically, as before.
 */
export const SignInSettingsSchema = z.object({
  clientMetadataUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === '' || isClientMetadataUrl(value), 'clientMetadataUrl: must be an https URL with a path, such as https://example.com/mcp-studio.json')
})
export type SignInSettings = z.infer<typeof SignInSettingsSchema>
