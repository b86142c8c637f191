import { afterEach, describe, expect, it } from 'vitest'
import { MASKED_VALUE } from '@shared/trace/exportSettings'
import { OtlpExportSetting } from '../../../src/main/services/trace/OtlpExportSetting'
import { TEST_SPAN_NAME } from '../../../src/main/services/trace/testSpan'
import { Tracing } from '../../../src/main/services/trace/Tracing'
import { closeReceivers, receiver } from './otlpReceiver'

afterEach(closeReceivers)

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

  it("'Send a test span' reaches the collector with the stored header, says why a wrong one is refused, and saves nothing", async () => {
    const storage = memoryStorage()
    const tracing = new Tracing()
    const setting = new OtlpExportSetting({ tracing, storage, encrypt, decrypt, env: {} })
    await setting.start()
    const token = 'Bearer t-98765'
    const collector = await receiver({ require: { name: 'authorization', value: token } })
    const endpoint = `${collector.url}/v1/traces`
    await setting.set({ enabled: true, endpoint, headers: [{ name: 'authorization', value: token }] })
    const file = storage.items.get('trace.otlp')

    // the dialog sends the masked value back: the stored header is used
    expect(await setting.test({ enabled: true, endpoint, headers: [{ name: 'authorization', value: MASKED_VALUE }] })).toEqual({ ok: true })
    expect(collector.spans.map((span) => span.name)).toEqual([TEST_SPAN_NAME])
    // the test span is in no trace the window lists
    expect(tracing.store.list().map((trace) => trace.root.name)).not.toContain(TEST_SPAN_NAME)

    // a wrong token, typed but not saved: refused, the reason shown, the value nowhere in it
    const wrong = await setting.test({ enabled: true, endpoint, headers: [{ name: 'authorization', value: 'Bearer wrong-55555' }] })
    expect(wrong.ok).toBe(false)
    expect(wrong.error).toMatch(/401|Unauthorized/i)
    expect(wrong.error).not.toContain('wrong-55555')
    expect(collector.spans).toHaveLength(1)
    expect(storage.items.get('trace.otlp')).toBe(file)

    // nothing listening: an answer, not a hang
    await collector.close()
    const gone = await setting.test({ enabled: true, endpoint, headers: [] })
    expect(gone.ok).toBe(false)
    expect(gone.error).toBeTruthy()
    await expect(setting.test({ enabled: false, endpoint: '', headers: [] })).rejects.toThrow('endpoint: enter the collector URL first')
    await tracing.shutdown()
  })
})
