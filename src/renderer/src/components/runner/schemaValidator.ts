import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema'
import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType
} from '@rjsf/utils'

/** Turns one failed keyword into the message a user reads; `value` is the keyword's value in the schema. */
export type ErrorMessages = (keyword: string, value: unknown, fallback: string) => string

// keywords that only report "something below me failed": the failure below is the useful one
const SUMMARY_KEYWORDS = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  '$recursiveRef',
  'patternProperties',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'then',
  'else',
  'if'
])

function draftOf(schema: RJSFSchema): SchemaDraft {
  const uri = typeof schema.$schema === 'string' ? schema.$schema : ''
  if (uri.includes('draft-04')) return '4'
  if (uri.includes('draft-07') || uri.includes('draft-06')) return '7'
  if (uri.includes('2019-09')) return '2019-09'
  return '2020-12'
}

/** Reads a JSON pointer like `#/properties/a/minimum` out of a schema. */
function atPointer(root: unknown, pointer: string): unknown {
  const parts = pointer.replace(/^#\/?/, '').split('/').filter(Boolean)
  let node: unknown = root
  for (const raw of parts) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

/** `#/a/0/b` → `.a.0.b`, the property path rjsf expects. */
function toProperty(instanceLocation: string): string {
  return instanceLocation
    .replace(/^#/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => `.${decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~')}`)
    .join('')
}

/**
 * rjsf's ValidatorType backed by @cfworker/json-schema. rjsf ships an ajv validator, but ajv compiles
 * schemas with `new Function`, which our CSP (script-src 'self', no 'unsafe-eval') rightly refuses,
 * and tool schemas arrive at run time so they cannot be precompiled. cfworker interprets schemas.
 */
export class CspSafeValidator implements ValidatorType<unknown, RJSFSchema> {
  private cache = new WeakMap<object, Validator>()

  constructor(private readonly messages?: ErrorMessages) {}

  private validatorFor(schema: RJSFSchema, rootSchema?: RJSFSchema): Validator {
    const cached = rootSchema === undefined || rootSchema === schema ? this.cache.get(schema) : undefined
    if (cached) return cached
    // a sub-schema's $refs point into the root: carry the root's definitions along so they resolve
    const combined: RJSFSchema =
      rootSchema && rootSchema !== schema
        ? { ...schema, definitions: rootSchema.definitions, $defs: rootSchema.$defs as RJSFSchema['$defs'] }
        : schema
    const validator = new Validator(combined as Schema, draftOf(rootSchema ?? schema), false)
    if (rootSchema === undefined || rootSchema === schema) this.cache.set(schema, validator)
    return validator
  }

  rawValidation<Result = OutputUnit>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    try {
      const result = this.validatorFor(schema).validate(formData)
      return { errors: result.valid ? undefined : (result.errors as Result[]) }
    } catch (error) {
      return { validationError: error as Error }
    }
  }

  private toRjsfErrors(schema: RJSFSchema, units: OutputUnit[]): RJSFValidationError[] {
    return units
      .filter((unit) => !SUMMARY_KEYWORDS.has(unit.keyword))
      .map((unit) => {
        let property = toProperty(unit.instanceLocation)
        const missing = unit.keyword === 'required' ? /property "(.+)"/.exec(unit.error)?.[1] : undefined
        if (missing) property = `${property}.${missing}`
        const value = atPointer(schema, unit.keywordLocation)
        const message = this.messages ? this.messages(unit.keyword, value, unit.error) : unit.error
        return {
          name: unit.keyword,
          property,
          message,
          params: missing ? { missingProperty: missing } : {},
          stack: `${property || '.'} ${message}`.trim(),
          schemaPath: unit.keywordLocation
        }
      })
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator<unknown, RJSFSchema>,
    transformErrors?: ErrorTransformer<unknown, RJSFSchema>,
    uiSchema?: UiSchema<unknown, RJSFSchema>
  ): ValidationData<unknown> {
    const raw = this.rawValidation<OutputUnit>(schema, formData)
    let errors = this.toRjsfErrors(schema, raw.errors ?? [])
    if (raw.validationError) errors.push({ stack: raw.validationError.message })
    if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema)
    const errorSchema = toErrorSchema<unknown>(errors)
    if (typeof customValidate !== 'function') return { errors, errorSchema }
    const withDefaults = getDefaultFormState<unknown, RJSFSchema>(this, schema, formData, schema, true)
    const handler = customValidate(withDefaults, createErrorHandler<unknown>(withDefaults), uiSchema, errorSchema)
    return validationDataMerge<unknown>({ errors, errorSchema }, unwrapErrorHandler<unknown>(handler))
  }

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      return this.validatorFor(schema, rootSchema).validate(formData).valid
    } catch {
      return false
    }
  }

  reset(): void {
    this.cache = new WeakMap()
  }
}
