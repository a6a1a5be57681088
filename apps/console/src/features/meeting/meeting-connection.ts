import {
  API_PREFIX,
  MEETING_SIGNAL_PATH,
  type MeetingIceServer,
  type MeetingPeer,
  type MeetingServerMessage,
  type MeetingSignal,
} from '@yanbo/contracts';

// The meeting room's WebRTC mesh (issue 10): one RTCPeerConnection per other participant, signalled through the
// server's socket (MEETING_SIGNAL_PATH). Whoever enters offers to everyone already in the room (welcome's peers); the
// others wait for its offer, so two never offer to each other at once. No React here: the room page listens.

export interface RemotePeer {
  info: MeetingPeer;
  stream: MediaStream | null;
}

export type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'joined'; you: MeetingPeer }
  | { kind: 'refused'; message: string }
  | { kind: 'ended'; message: string }
  | { kind: 'disconnected' }
  | { kind: 'left' };

interface PeerLink {
  info: MeetingPeer;
  pc: RTCPeerConnection;
  stream: MediaStream | null;
  /** Candidates heard before the remote description, added once it is set. */
  pending: RTCIceCandidateInit[];
}

/** The signalling socket's address on this page's host: wss:// under https. */
export function signalUrl(location: Pick<Location, 'protocol' | 'host'>, activityId: number): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${API_PREFIX}${MEETING_SIGNAL_PATH.replace(':id', String(activityId))}`;
}

export class MeetingConnection {
  private ws: WebSocket | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly peers = new Map<number, PeerLink>();
  private iceServers: MeetingIceServer[] = [];
  private state: ConnectionState = { kind: 'connecting' };
  private audio: boolean;
  private video: boolean;

  private readonly url: string;
  private readonly token: string;
  private readonly local: MediaStream | null;
  private readonly listener: { onPeers(peers: RemotePeer[]): void; onState(state: ConnectionState): void };

  constructor(
    url: string,
    token: string,
    local: MediaStream | null,
    listener: { onPeers(peers: RemotePeer[]): void; onState(state: ConnectionState): void },
  ) {
    this.url = url;
    this.token = token;
    this.local = local;
    this.listener = listener;
    this.audio = (local?.getAudioTracks().length ?? 0) > 0;
    this.video = (local?.getVideoTracks().length ?? 0) > 0;
  }

  connect() {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => this.send({ type: 'hello', token: this.token, audio: this.audio, video: this.video });
    ws.onmessage = (event) => {
      let message: MeetingServerMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      // One message after another: a candidate is never added before the description it belongs to.
      this.chain = this.chain.then(() => this.onMessage(message)).catch(() => {});
    };
    ws.onclose = () => {
      this.closePeers();
      if (this.state.kind === 'connecting' || this.state.kind === 'joined') this.setState({ kind: 'disconnected' });
    };
  }

  /** Turns the microphone or camera on or off (the track stays, so peers need no new offer). */
  setMedia(media: { audio: boolean; video: boolean }) {
    this.audio = media.audio;
    this.video = media.video;
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = media.audio;
    for (const track of this.local?.getVideoTracks() ?? []) track.enabled = media.video;
    if (this.state.kind === 'joined') this.send({ type: 'media', ...media });
  }

  leave() {
    this.setState({ kind: 'left' });
    this.closePeers();
    this.ws?.close(1000, 'left');
  }

  private setState(state: ConnectionState) {
    this.state = state;
    this.listener.onState(state);
  }

  private send(message: unknown) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private emitPeers() {
    this.listener.onPeers([...this.peers.values()].map(({ info, stream }) => ({ info, stream })));
  }

  private async onMessage(message: MeetingServerMessage) {
    switch (message.type) {
      case 'welcome':
        this.iceServers = message.iceServers;
        this.setState({ kind: 'joined', you: message.you });
        for (const info of message.peers) {
          const link = this.link(info);
          this.addLocalMedia(link, true);
          const offer = await link.pc.createOffer();
          await link.pc.setLocalDescription(offer);
          this.signal(info.peerId, { kind: 'offer', sdp: offer.sdp ?? '' });
        }
        return;
      case 'joined':
        this.link(message.peer);
        this.emitPeers();
        return;
      case 'left': {
        const link = this.peers.get(message.peerId);
        link?.pc.close();
        this.peers.delete(message.peerId);
        this.emitPeers();
        return;
      }
      case 'media': {
        const link = this.peers.get(message.peerId);
        if (link) link.info = { ...link.info, audio: message.audio, video: message.video };
        this.emitPeers();
        return;
      }
      case 'signal':
        await this.onSignal(message.peer, message.signal);
        return;
      case 'refused':
        this.setState({ kind: 'refused', message: message.message });
        return;
      case 'ended':
        this.setState({ kind: 'ended', message: message.message });
        this.closePeers();
        return;
    }
  }

  private async onSignal(from: MeetingPeer, signal: MeetingSignal) {
    const link = this.peers.get(from.peerId) ?? this.link(from);
    const { pc } = link;
    if (signal.kind === 'offer') {
      await pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
      this.addLocalMedia(link, false);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.signal(from.peerId, { kind: 'answer', sdp: answer.sdp ?? '' });
      await this.flush(link);
    } else if (signal.kind === 'answer') {
      await pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
      await this.flush(link);
    } else if (pc.remoteDescription) {
      await pc.addIceCandidate(signal.candidate).catch(() => {});
    } else {
      link.pending.push(signal.candidate);
    }
  }

  private async flush(link: PeerLink) {
    const pending = link.pending.splice(0);
    for (const candidate of pending) await link.pc.addIceCandidate(candidate).catch(() => {});
  }

  private signal(to: number, signal: MeetingSignal) {
    this.send({ type: 'signal', to, signal });
  }

  /** Sends this side's tracks; the offering side without a camera or microphone still asks to receive both. */
  private addLocalMedia(link: PeerLink, offering: boolean) {
    const tracks = this.local?.getTracks() ?? [];
    for (const track of tracks) link.pc.addTrack(track, this.local as MediaStream);
    if (!offering) return;
    for (const kind of ['audio', 'video'] as const) {
      if (!tracks.some((track) => track.kind === kind)) link.pc.addTransceiver(kind, { direction: 'recvonly' });
    }
  }

  private link(info: MeetingPeer): PeerLink {
    const existing = this.peers.get(info.peerId);
    if (existing) {
      existing.info = info;
      return existing;
    }
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const link: PeerLink = { info, pc, stream: null, pending: [] };
    pc.onicecandidate = (event) => {
      if (!event.candidate) return;
      const { candidate, sdpMid, sdpMLineIndex, usernameFragment } = event.candidate.toJSON();
      this.signal(info.peerId, {
        kind: 'candidate',
        candidate: { candidate: candidate ?? '', sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
    pc.ontrack = (event) => {
      const stream = event.streams[0] ?? link.stream ?? new MediaStream();
      if (!event.streams[0]) stream.addTrack(event.track);
      link.stream = stream;
      this.emitPeers();
    };
    this.peers.set(info.peerId, link);
    this.emitPeers();
    return link;
  }

  private closePeers() {
    for (const link of this.peers.values()) link.pc.close();
    this.peers.clear();
    this.emitPeers();
  }
}
