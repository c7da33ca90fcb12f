/**
 * The instances' memory during a bench: their RSS sampled every few seconds,
 * and a rule saying whether it stayed flat.
 */
import { readFileSync } from 'node:fs'

/** Resident memory of a process in MB (null where /proc is missing). */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
    return Number.isFinite(kb) ? kb / 1024 : null
  } catch {
    return null
  }
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1)

/**
 * Flat when the last quarter's mean RSS is within 10% of the first quarter's
 * (the cluster's page soak: its samples start after the warm-up).
 */
export function quartersFlat(judged) {
  const q = Math.max(1, Math.floor(judged.length / 4))
  const first = mean(judged.slice(0, q))
  const last = mean(judged.slice(-q))
  const growth = first ? last / first - 1 : 0
  return { figures: { maxMb: Math.max(...judged), growth }, flat: growth <= 0.1 }
}

/**
 * Flat when the last half of the judged samples stays within 10% (its
 * highest over its lowest): the live soak, whose heap climbs in steps to the
 * load before it settles (docs/decisions/0132).
 */
export function lastHalfFlat(judged) {
  const last = judged.slice(Math.floor(judged.length / 2))
  const low = Math.min(...last)
  const high = Math.max(...last)
  const spread = low ? high / low - 1 : 0
  return {
    figures: { lastHalfLowMb: low, lastHalfHighMb: high, lastHalfSpread: spread },
    flat: spread <= 0.1,
  }
}

/**
 * Samples each of `instances` ({ name, pid }) now and every `everyS`
 * seconds. `judgeFromHere()` marks where the judged samples begin (those
 * before are the warm-up's); `stop()` takes a last sample and returns each
 * instance's figures under `rule` (quartersFlat, lastHalfFlat) with all its
 * samples, and whether every instance stayed flat.
 */
export function sampleRss(instances, { rule, everyS = 5 }) {
  const samples = Object.fromEntries(instances.map((i) => [i.name, []]))
  const sample = () => {
    for (const i of instances) {
      const mb = rssMb(i.pid)
      if (mb !== null) samples[i.name].push(mb)
    }
  }
  sample()
  const timer = setInterval(sample, everyS * 1000)
  let judgedFrom = Object.fromEntries(instances.map((i) => [i.name, 0]))
  return {
    judgeFromHere() {
      judgedFrom = Object.fromEntries(instances.map((i) => [i.name, samples[i.name].length]))
    },
    stop() {
      clearInterval(timer)
      sample()
      const judged = instances.map(({ name }) => {
        const all = samples[name]
        return { name, all, ...rule(all.slice(judgedFrom[name])) }
      })
      return {
        memory: judged.map(({ name, all, figures }) => ({
          name,
          startMb: all[0],
          endMb: all.at(-1),
          ...figures,
          samples: all,
          warmSamples: judgedFrom[name],
        })),
        flat: judged.every((j) => j.flat),
      }
    },
  }
}
