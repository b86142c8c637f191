import { describe, expect, it } from 'vitest'
import { MASKED_VALUE } from '@shared/trace/exportSettings'
import { OtlpExportSetting } from '../../../src/main/services/trace/OtlpExportSetting'
import { Tracing } from '../../../src/main/services/trace/Tracing'

/** The storage as FileStorage keeps it, in memory. */
function memoryStorage() {
  const items = new Map<string, string>()
  return { items, getItem: (key: string) => Promise.resolve(items.get(key) ?? null), setItem: (key: string, value: string) => Promise.resolve(void items.set(key, value)) }
}
// a stand-in for safeStorage that visibly changes the text
const encrypt = (plain: string) => Buffer.from(`sealed:${plain}`).toString('base64')
const decrypt = (cipher: string) => Buffer.from(cipher, 'base64').toString('utf8').replace(/^sealed:/, '')

describe('the OTLP export setting', () => {
  it('seals header values on disk, answers them masked, keeps a masked one on save, and applies at once', async () => {
    const storage = memoryStorage()
    const tracing = new Tracing()
    const setting = new OtlpExportSetting({ tracing, storage, encrypt, decrypt, env: {} })
    await setting.start()
    expect(tracing.export.enabled).toBe(false)

    const saved = await setting.set({ enabled: true, endpoint: 'http://127.0.0.1:4318/v1/traces', headers: [{ name: 'authorization', value: 'Bearer k-123456' }] })
    expect(saved.headers).toEqual([{ name: 'authorization', value: MASKED_VALUE }])
    expect(tracing.export.enabled).toBe(true)
    const file = storage.items.get('trace.otlp')!
    expect(file).not.toContain('k-123456')
    expect(JSON.parse(file).headers.authorization).toEqual({ $enc: encrypt('Bearer k-123456') })
    expect(setting.secrets()).toEqual(['Bearer k-123456'])

    await setting.set({ enabled: false, endpoint: 'http://127.0.0.1:4318/v1/traces', headers: [{ name: 'authorization', value: MASKED_VALUE }] })
    expect(tracing.export.enabled).toBe(false)
    expect(JSON.parse(storage.items.get('trace.otlp')!).headers.authorization).toEqual({ $enc: encrypt('Bearer k-123456') })

    // a new start (the app restarted) reads it back; off stays off
    const again = new OtlpExportSetting({ tracing: new Tracing(), storage, encrypt, decrypt, env: {} })
    await again.start()
    expect(await again.get()).toEqual({ enabled: false, endpoint: 'http://127.0.0.1:4318/v1/traces', headers: [{ name: 'authorization', value: MASKED_VALUE }] })
    await expect(again.set({ enabled: true, endpoint: 'http://a:1/v1/traces', headers: [{ name: 'x-other', value: MASKED_VALUE }] })).rejects.toThrow(
      'headers.x-other: enter the value again'
    )
    await tracing.shutdown()
  })

  it('says when OTEL_EXPORTER_OTLP_ENDPOINT overrides it, and saving does not replace the environment collector', async () => {
    const storage = memoryStorage()
    const tracing = new Tracing()
    const setting = new OtlpExportSetting({ tracing, storage, env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' } })
    await setting.start()
    expect(tracing.export.enabled).toBe(true)
    await setting.set({ enabled: false, endpoint: '', headers: [] })
    expect(tracing.export.enabled).toBe(true)
    expect((await setting.get()).envEndpoint).toBe('http://collector:4318/v1/traces')
    await tracing.shutdown()
  })

  it('reads a file written by hand before the dialog existed as on', async () => {
    const storage = memoryStorage()
    storage.items.set('trace.otlp', JSON.stringify({ endpoint: 'http://127.0.0.1:4318/v1/traces', headers: { 'x-key': 'plain' } }))
    const tracing = new Tracing()
    const setting = new OtlpExportSetting({ tracing, storage, env: {} })
    await setting.start()
    expect(tracing.export.enabled).toBe(true)
    expect((await setting.get()).enabled).toBe(true)
    await tracing.shutdown()
  })
})
