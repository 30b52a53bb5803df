"""Conformance client for a server speaking OpenEnv's protocol, in stdlib Python.

Restates what OpenEnv's own client (env_client.py) and server (http_server.py)
expect of each other: the HTTP routes (/health, /schema, /metadata, stateless
/reset and /step with a 422 for an invalid action, /state, JSON-RPC on /mcp)
and the WebSocket /ws (reset, step, state, close; error replies typed
INVALID_JSON, UNKNOWN_TYPE, VALIDATION_ERROR with the session going on).

Usage: openenv_conformance.py BASE_URL ACTION_JSON
  BASE_URL is the server's OpenEnv base (e.g. http://127.0.0.1:8001/openenv);
  ACTION_JSON a valid action. The key, if any, is read from OPENENV_API_KEY and
  sent as X-API-Key. Prints one line per check; exits 1 on the first failure.
"""

import base64
import hashlib
import json
import os
import socket
import struct
import sys
import urllib.error
import urllib.parse
import urllib.request

WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class ConformanceError(Exception):
    pass


def check(condition, what):
    if not condition:
        raise ConformanceError(what)
    print("ok", what)


def http(base, method, path, body=None, key=None):
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json"}
    if key:
        headers["x-api-key"] = key
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text or b"null")
        except ValueError:
            return error.code, None


class WebSocket:
    """A client WebSocket (RFC 6455): masked text frames out, text frames in."""

    def __init__(self, base, key=None):
        url = urllib.parse.urlsplit(base)
        self.sock = socket.create_connection((url.hostname, url.port or 80), timeout=30)
        nonce = base64.b64encode(os.urandom(16)).decode()
        lines = [
            "GET %s/ws HTTP/1.1" % url.path.rstrip("/"),
            "Host: %s:%d" % (url.hostname, url.port or 80),
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: " + nonce,
            "Sec-WebSocket-Version: 13",
        ]
        if key:
            lines.append("X-API-Key: " + key)
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConformanceError("the WebSocket handshake got no answer")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n")[0].decode()
        if " 101 " not in status + " ":
            raise ConformanceError("the WebSocket handshake was refused: " + status)
        expected = base64.b64encode(hashlib.sha1((nonce + WS_GUID).encode()).digest()).decode()
        accept = [l.split(b":", 1)[1].strip().decode() for l in head.split(b"\r\n")[1:] if l.lower().startswith(b"sec-websocket-accept:")]
        if accept != [expected]:
            raise ConformanceError("Sec-WebSocket-Accept is wrong")

    def send_text(self, text):
        payload = text.encode()
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            header = struct.pack("!BB", 0x81, 0x80 | n)
        elif n < 65536:
            header = struct.pack("!BBH", 0x81, 0x80 | 126, n)
        else:
            header = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def read_exact(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConformanceError("the WebSocket closed mid-frame")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def read_frame(self):
        b0, b1 = self.read_exact(2)
        opcode, n = b0 & 0x0F, b1 & 0x7F
        if n == 126:
            (n,) = struct.unpack("!H", self.read_exact(2))
        elif n == 127:
            (n,) = struct.unpack("!Q", self.read_exact(8))
        mask = self.read_exact(4) if b1 & 0x80 else None
        payload = self.read_exact(n)
        if mask:
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        return opcode, payload

    def receive(self):
        """The next JSON message (pings are answered; a close frame is None)."""
        while True:
            opcode, payload = self.read_frame()
            if opcode == 0x9:
                mask = os.urandom(4)
                self.sock.sendall(struct.pack("!BB", 0x8A, 0x80 | len(payload)) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
            elif opcode == 0x8:
                return None
            elif opcode == 0x1:
                return json.loads(payload.decode())

    def ask(self, message):
        self.send_text(message if isinstance(message, str) else json.dumps(message))
        return self.receive()

    def close(self):
        self.sock.close()


def is_step_result(data):
    return isinstance(data, dict) and "observation" in data and "reward" in data and isinstance(data.get("done"), bool)


def run(base, action, key):
    status, health = http(base, "GET", "/health", key=key)
    check(status == 200 and isinstance(health, dict), "GET /health answers 200")
    status, schema = http(base, "GET", "/schema", key=key)
    check(status == 200 and all(k in schema for k in ("action", "observation", "state")), "GET /schema gives action, observation and state")
    status, _ = http(base, "GET", "/metadata", key=key)
    check(status == 200, "GET /metadata answers 200")
    status, reset = http(base, "POST", "/reset", {}, key=key)
    check(status == 200 and is_step_result(reset), "POST /reset answers observation, reward and done")
    status, stepped = http(base, "POST", "/step", {"action": action}, key=key)
    check(status == 200 and is_step_result(stepped), "POST /step answers observation, reward and done")
    status, _ = http(base, "POST", "/step", {"action": {"tool": "__no_such_tool__", "args": {}}}, key=key)
    check(status == 422, "POST /step with an invalid action answers 422")
    status, state = http(base, "GET", "/state", key=key)
    check(status == 200 and "step_count" in state and "episode_id" in state, "GET /state gives episode_id and step_count")
    status, listed = http(base, "POST", "/mcp", {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, key=key)
    tools = (listed or {}).get("result", {}).get("tools", [])
    check(status == 200 and any(t.get("name") == action.get("tool") for t in tools), "MCP tools/list names the action's tool")

    ws = WebSocket(base, key)
    reply = ws.ask({"type": "reset", "data": {"seed": 0}})
    check(reply and reply.get("type") == "observation" and is_step_result(reply.get("data")), "ws reset answers an observation")
    reply = ws.ask("{not json")
    check(reply and reply.get("type") == "error" and reply["data"].get("code") == "INVALID_JSON", "ws text that is not JSON answers INVALID_JSON")
    reply = ws.ask({"type": "__no_such_type__"})
    check(reply and reply.get("type") == "error" and reply["data"].get("code") == "UNKNOWN_TYPE", "ws unknown message type answers UNKNOWN_TYPE")
    reply = ws.ask({"type": "step", "data": {"tool": "__no_such_tool__", "args": {}}})
    check(reply and reply.get("type") == "error" and reply["data"].get("code") == "VALIDATION_ERROR", "ws invalid action answers VALIDATION_ERROR")
    reply = ws.ask({"type": "step", "data": action})
    check(reply and reply.get("type") == "observation" and is_step_result(reply.get("data")), "ws step after the errors answers an observation (the session went on)")
    reply = ws.ask({"type": "state"})
    check(reply and reply.get("type") == "state" and reply["data"].get("step_count") == 1, "ws state counts the one step")
    ws.send_text(json.dumps({"type": "close"}))
    ws.close()


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        run(sys.argv[1].rstrip("/"), json.loads(sys.argv[2]), os.environ.get("OPENENV_API_KEY"))
    except (ConformanceError, OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        print("FAIL", error)
        return 1
    print("conformant")
    return 0


if __name__ == "__main__":
    sys.exit(main())
