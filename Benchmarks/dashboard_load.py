#!/usr/bin/env python3
"""The load of the dashboard benchmark (Benchmarks/run-dashboard), the same against ours and
the peer (Benchmarks/peer/dashboard_peer.py): 20 WebSocket clients on /api/live kept reading
while the JSON API is timed, and the server's memory from /proc.

Usage: dashboard_load.py BASE_URL --token T --pid PID [--address A] [--clients 20]
         [--requests 2000] [--warmup 200] [--workers 16] [--concurrent-requests 4000]
         [--throughput-processes 4] [--throughput-seconds 5]
         [--status-requests 200] [--fanout 20] [--churn 5] [--api-source 127.0.0.2] [--record FILE]
Prints one JSON object per measurement (name + fields); latencies in ms, memory in KiB:
  rss-idle            server memory before the sockets connect
  ws-connect          20 sockets opened at once: ms until every one has its first message
  rss-ws              memory with the sockets open (after the first messages)
  devices-seq         GET /api/devices one at a time on one keep-alive connection
  devices-concurrent  the same from --workers workers at once (one connection each)
  devices-throughput  GET /api/devices as fast as --throughput-processes client processes can
                      send them (one keep-alive connection each, a minimal client on a plain
                      socket) for --throughput-seconds: requests/s and server CPU per request
                      with the server, not one Python client, as the bound
  status-seq          GET /api/devices/{address}/status one at a time (--status-requests > 0;
                      it reads the nightlight over BLE: ours only)
  live-fanout         PUT …/proof on/off (--fanout times): ms from the request until all 20
                      sockets have an activeState message in the new mode (ours only: needs the radio)
  rss-load            memory after the load, sockets still open (VmHWM: the peak so far)
  ws-messages         messages each socket received, and sockets that closed or failed
  ws-churn            --churn rounds of 20 sockets opened and closed: memory after each round
  rss-final           memory at the end, every socket closed
Each timed measurement also gives errors (non-2xx answers or failures) and serverCpuMs per
request (the server's user+system CPU from /proc/PID/stat over the measurement). The client
is Python too: its own time per request is inside every latency, on both sides alike. In
devices-seq one aiohttp client spends about as much CPU per request as the server, so its rate
is near what that client can send; devices-throughput uses several cheaper clients at once, the
same for both sides, so that the rate tells the servers apart.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import statistics
import time

import aiohttp

TICKS = os.sysconf('SC_CLK_TCK')
PROOF_MODE = 4   # the Active State's mode while LED proof mode is on


def emit(**fields):
    print(json.dumps(fields), flush=True)


def memory(pid):
    """VmRSS, VmHWM (KiB) and the thread count of the server."""
    fields = {}
    with open(f'/proc/{pid}/status') as file:
        for line in file:
            key, _, value = line.partition(':')
            if key in ('VmRSS', 'VmHWM', 'Threads'):
                fields[key] = int(value.split()[0])
    return {'rssKiB': fields['VmRSS'], 'hwmKiB': fields['VmHWM'], 'threads': fields['Threads']}


def cpu_ms(pid):
    """The server's user + system CPU time so far in ms."""
    with open(f'/proc/{pid}/stat') as file:
        fields = file.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / TICKS


def summary(times, elapsed, errors, cpu):
    """p50/p99/mean/max of `times` (s) in ms, requests/s, errors, server CPU per request."""
    ms = sorted(t * 1000 for t in times)
    pick = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))] if ms else None
    return dict(n=len(ms), p50=round(pick(0.50), 3), p99=round(pick(0.99), 3),
                mean=round(statistics.fmean(ms), 3), max=round(ms[-1], 3),
                perSecond=round(len(ms) / elapsed, 1), errors=errors,
                serverCpuMs=round(cpu / max(1, len(ms)), 4))


class LiveClient:
    """One WebSocket on /api/live, reading until closed; counts messages by type and keeps
    the arrival time and mode of each activeState message."""

    def __init__(self, session, url, progress):
        self.session, self.url, self.progress = session, url, progress
        self.count = 0
        self.types = {}
        self.active_times = []
        self.first = asyncio.get_running_loop().create_future()
        self.failure = None
        self.closed = False
        self.messages = []
        self.task = asyncio.create_task(self.run())

    async def run(self):
        try:
            async with self.session.ws_connect(self.url, heartbeat=None) as socket:
                self.socket = socket
                async for message in socket:
                    if message.type != aiohttp.WSMsgType.TEXT:
                        continue
                    now = time.perf_counter()
                    self.count += 1
                    if len(self.messages) < 50:
                        self.messages.append(message.data)
                    body = json.loads(message.data)
                    kind = body.get('type', '?')
                    self.types[kind] = self.types.get(kind, 0) + 1
                    if kind == 'activeState':
                        self.active_times.append((now, body['activeState'].get('mode')))
                    if not self.first.done():
                        self.first.set_result(now)
                    self.progress.set()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # reported in ws-messages
            self.failure = f'{type(error).__name__}: {error}'
        finally:
            self.closed = True
            if not self.first.done():
                self.first.set_exception(RuntimeError(self.failure or 'closed before any message'))
            self.progress.set()

    async def close(self):
        if not self.closed and hasattr(self, 'socket'):
            await self.socket.close()
        await asyncio.wait_for(self.task, 10)


async def open_clients(session, url, count, progress):
    """Opens `count` sockets at once; returns them and the ms until each had a message."""
    start = time.perf_counter()
    clients = [LiveClient(session, url, progress) for _ in range(count)]
    firsts = await asyncio.wait_for(asyncio.gather(*(client.first for client in clients)), 30)
    return clients, (max(firsts) - start) * 1000


async def timed_requests(session, method, url, count, pid, workers=1, body=None):
    """`count` requests from `workers` workers; (latencies in s, elapsed s, errors, server CPU ms)."""
    times, errors, left = [], 0, [count]

    async def worker():
        nonlocal errors
        while left[0] > 0:
            left[0] -= 1
            start = time.perf_counter()
            try:
                async with session.request(method, url, json=body) as response:
                    await response.read()
                    ok = response.status < 300
            except aiohttp.ClientError:
                ok = False
            times.append(time.perf_counter() - start)
            errors += not ok

    cpu = cpu_ms(pid)
    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(workers)))
    return times, time.perf_counter() - start, errors, cpu_ms(pid) - cpu


def throughput_client(host, port, source, request, start, seconds, results):
    """One client process of devices-throughput: `request` again and again on one keep-alive
    connection from `source` (a plain socket, the answer's length from Content-Length) until
    `seconds` after `start` (a barrier all clients and the parent wait on); puts (answers,
    errors) in `results`."""
    answers = errors = 0
    try:
        connection = socket.create_connection((host, port), source_address=(source, 0) if source else None)
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        buffer = b''

        def answer():
            nonlocal buffer
            while b'\r\n\r\n' not in buffer:
                chunk = connection.recv(65536)
                if not chunk:
                    raise ConnectionError('closed by the server')
                buffer += chunk
            head, _, buffer = buffer.partition(b'\r\n\r\n')
            status = int(head[9:12])
            length = next((int(line.split(b':', 1)[1]) for line in head.split(b'\r\n')[1:]
                           if line[:15].lower() == b'content-length:'), None)
            if length is None:
                raise ConnectionError('an answer without Content-Length')
            while len(buffer) < length:
                chunk = connection.recv(65536)
                if not chunk:
                    raise ConnectionError('closed by the server')
                buffer += chunk
            buffer = buffer[length:]
            return status

        for _ in range(50):   # warm-up, before the clock starts
            answer_status = (connection.sendall(request), answer())[1]
        start.wait(30)
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            connection.sendall(request)
            answer_status = answer()
            answers += 1
            errors += answer_status >= 300
        connection.close()
    except Exception as error:  # counted, and the measurement says so
        errors += 1
        try:
            start.abort()
        except Exception:
            pass
    results.put((answers, errors))


def throughput(base, token, source, processes, seconds, pid):
    """devices-throughput: `processes` client processes at once for `seconds` s."""
    host, port = base.split('//', 1)[1].rsplit(':', 1)
    request = (f'GET /api/devices HTTP/1.1\r\nHost: {host}:{port}\r\n'
               f'Authorization: Bearer {token}\r\n\r\n').encode()
    context = multiprocessing.get_context('spawn')
    start, results = context.Barrier(processes + 1), context.Queue()
    clients = [context.Process(target=throughput_client, args=(host, int(port), source, request, start, seconds, results))
               for _ in range(processes)]
    for client in clients:
        client.start()
    try:
        start.wait(60)
    except Exception:
        pass
    cpu = cpu_ms(pid)
    began = time.perf_counter()
    outcomes = [results.get(timeout=seconds + 60) for _ in clients]
    elapsed, cpu = time.perf_counter() - began, cpu_ms(pid) - cpu
    for client in clients:
        client.join(10)
    answers = sum(a for a, _ in outcomes)
    return dict(processes=processes, seconds=round(elapsed, 3), n=answers, perSecond=round(answers / elapsed, 1),
                errors=sum(e for _, e in outcomes), serverCpuMs=round(cpu / max(1, answers), 4))


async def fanout(api, base, clients, address, rounds, progress, pid):
    """Proof mode on/off `rounds` times; per round the ms until every socket had an activeState
    message in the new mode (the slowest socket), and the request's own ms."""
    url = f'{base}/api/devices/{address}/proof'
    spreads, requests, errors, missed = [], [], 0, 0
    cpu = cpu_ms(pid)
    for round_ in range(rounds):
        on = round_ % 2 == 0
        seen = [len(client.active_times) for client in clients]
        start = time.perf_counter()
        async with api.put(url, json={'on': on}) as response:
            await response.read()
            errors += response.status >= 300
        requests.append(time.perf_counter() - start)
        deadline = start + 5
        while True:
            # The first message in the new mode (the week schedule's fades send others meanwhile).
            arrived = [next((t for t, mode in c.active_times[n:] if (mode == PROOF_MODE) == on), None)
                       for c, n in zip(clients, seen)]
            arrived = [t for t in arrived if t is not None]
            if len(arrived) == len(clients) or time.perf_counter() > deadline:
                break
            progress.clear()
            try:
                await asyncio.wait_for(progress.wait(), max(0.001, deadline - time.perf_counter()))
            except asyncio.TimeoutError:
                pass
        if len(arrived) == len(clients):
            spreads.append(max(arrived) - start)
        else:
            missed += 1
    if rounds % 2:  # leave proof mode off
        async with api.put(url, json={'on': False}) as response:
            await response.read()
    result = summary(spreads, sum(spreads) or 1, errors, cpu_ms(pid) - cpu) if spreads else {'n': 0}
    result['requestP50'] = round(statistics.median(requests) * 1000, 3)
    result['missedRounds'] = missed
    return result


async def main(arguments):
    base, pid, address = arguments.base.rstrip('/'), arguments.pid, arguments.address
    headers = {'Authorization': f'Bearer {arguments.token}'}
    live_url = f'{base}/api/live?address={address}'
    progress = asyncio.Event()
    emit(name='rss-idle', **memory(pid))

    # The 20 sockets get their own connector: they never share a connection with the API calls.
    # The API calls come from another loopback address (--api-source): 20 sockets and 16 workers
    # from one address would pass the dashboard's 32 connections per address, and the workers'
    # extra connections would be refused (503) instead of timed.
    api_connector = aiohttp.TCPConnector(limit=arguments.workers, local_addr=(arguments.api_source, 0) if arguments.api_source else None)
    async with aiohttp.ClientSession(headers=headers, connector=aiohttp.TCPConnector(limit=0)) as ws_session, \
            aiohttp.ClientSession(headers=headers, connector=api_connector) as api:
        clients, connect_ms = await open_clients(ws_session, live_url, arguments.clients, progress)
        await asyncio.sleep(1)   # let every socket take its current values
        emit(name='ws-connect', clients=len(clients), ms=round(connect_ms, 3))
        if arguments.record:   # the current values: the first message of each type
            first = {}
            for message in clients[0].messages:
                first.setdefault(json.loads(message).get('type'), message)
            with open(arguments.record, 'w') as file:
                file.writelines(message + '\n' for message in first.values())
        emit(name='rss-ws', **memory(pid))

        devices = f'{base}/api/devices'
        await timed_requests(api, 'GET', devices, arguments.warmup, pid)
        emit(name='devices-seq', **summary(*await timed_requests(api, 'GET', devices, arguments.requests, pid)))
        emit(name='devices-concurrent', workers=arguments.workers,
             **summary(*await timed_requests(api, 'GET', devices, arguments.concurrent_requests, pid, arguments.workers)))
        if arguments.throughput_processes:
            emit(name='devices-throughput', **await asyncio.get_running_loop().run_in_executor(
                None, throughput, base, arguments.token, arguments.api_source, arguments.throughput_processes,
                arguments.throughput_seconds, pid))
        if arguments.status_requests:
            status = f'{base}/api/devices/{address}/status'
            await timed_requests(api, 'GET', status, 10, pid)
            emit(name='status-seq', **summary(*await timed_requests(api, 'GET', status, arguments.status_requests, pid)))
        if arguments.fanout:
            emit(name='live-fanout', clients=len(clients), **await fanout(api, base, clients, address, arguments.fanout, progress, pid))
        await asyncio.sleep(0.5)
        emit(name='rss-load', **memory(pid))

        counts = [client.count for client in clients]
        types = {}
        for client in clients:
            for kind, n in client.types.items():
                types[kind] = types.get(kind, 0) + n
        failures = sorted({client.failure for client in clients if client.failure})
        emit(name='ws-messages', clients=len(clients), min=min(counts), max=max(counts),
             mean=round(statistics.fmean(counts), 2), byType=types,
             closedEarly=sum(client.closed for client in clients), failures=failures)
        await asyncio.gather(*(client.close() for client in clients))

        # Sockets opened and closed again: does the memory come back?
        rounds = []
        for _ in range(arguments.churn):
            batch, _ = await open_clients(ws_session, live_url, arguments.clients, progress)
            await asyncio.sleep(0.2)
            await asyncio.gather(*(client.close() for client in batch))
            await asyncio.sleep(0.3)
            rounds.append(memory(pid)['rssKiB'])
        if rounds:
            emit(name='ws-churn', rounds=len(rounds), clients=arguments.clients, rssKiB=rounds)
        await asyncio.sleep(1)
        emit(name='rss-final', **memory(pid))


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('base', help='e.g. http://127.0.0.1:8484')
    parser.add_argument('--token', required=True)
    parser.add_argument('--pid', type=int, required=True, help="the server's process id (for /proc)")
    parser.add_argument('--address', default='C4:4E:4C:00:00:02')
    parser.add_argument('--clients', type=int, default=20)
    parser.add_argument('--requests', type=int, default=2000)
    parser.add_argument('--warmup', type=int, default=200)
    parser.add_argument('--workers', type=int, default=16)
    parser.add_argument('--concurrent-requests', type=int, default=4000)
    parser.add_argument('--throughput-processes', type=int, default=4,
                        help='client processes of devices-throughput (0: leave it out)')
    parser.add_argument('--throughput-seconds', type=float, default=5)
    parser.add_argument('--status-requests', type=int, default=200)
    parser.add_argument('--fanout', type=int, default=20)
    parser.add_argument('--churn', type=int, default=5)
    parser.add_argument('--api-source', default='127.0.0.2',
                        help="the local address of the API calls (empty: the system's choice)")
    parser.add_argument('--record', help="write the first socket's first message of each type here (JSON lines)")
    asyncio.run(main(parser.parse_args()))
