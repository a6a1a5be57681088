// Every ffmpeg this process runs for an agent (relays, live transcodes, media transcodes) holds one slot: issue 8 caps
// them per agent and in total, so one account cannot take the machine's cores or file descriptors from the others.

export interface JobSlotLimits {
  /** FFMPEG_JOBS_PER_AGENT */
  perAgent: number;
  /** FFMPEG_JOBS_TOTAL */
  total: number;
}

export interface SlotLease {
  /** Gives the slot back; a lease replaced by a newer one of the same key gives nothing back. */
  release(): void;
}

export type SlotRefusal = 'agent' | 'total';

export interface JobSlots {
  readonly limits: JobSlotLimits;
  /**
   * Takes the slot of a job key (`relay:<activity>`, `transcode:<activity>`, `media:<id>`). A key already held is
   * handed over without counting twice, since its new job replaces the old one. Answers why not when full.
   */
  take(agentId: number, key: string): SlotLease | SlotRefusal;
  /** Whether a job of this key holds a slot now. */
  holds(key: string): boolean;
  /** Slots held by one agent, or by everyone. */
  used(agentId?: number): number;
}

export function createJobSlots(limits: JobSlotLimits): JobSlots {
  const held = new Map<string, { agentId: number; lease: SlotLease }>();
  const used = (agentId?: number) => {
    if (agentId === undefined) return held.size;
    let count = 0;
    for (const entry of held.values()) if (entry.agentId === agentId) count += 1;
    return count;
  };
  return {
    limits,
    take(agentId, key) {
      if (!held.has(key)) {
        if (held.size >= limits.total) return 'total';
        if (used(agentId) >= limits.perAgent) return 'agent';
      }
      const lease: SlotLease = {
        release() {
          if (held.get(key)?.lease === lease) held.delete(key);
        },
      };
      held.set(key, { agentId, lease });
      return lease;
    },
    holds: (key) => held.has(key),
    used,
  };
}
