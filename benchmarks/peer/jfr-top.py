"""Summarizes the execution samples of a JFR recording of the Java side (jfr print --events jdk.ExecutionSample):
the share of samples whose stack passes through each part of the client stack, and the top frames by self time.

usage: jfr print --events jdk.ExecutionSample recording.jfr > samples.txt && python3 jfr-top.py samples.txt [TOP]
"""
import collections
import re
import sys

PARTS = [
    ("toolkit (mapping, key composition, requests, cursors)", "io.dynamodbtoolkit"),
    ("HTTP client (Apache 5)", "org.apache.hc"),
    ("SDK request pipeline (stages, interceptors)", "awssdk.core.internal.http"),
    ("JSON unmarshalling of responses", "protocols.json.internal.unmarshall"),
    ("JSON marshalling of requests", "protocols.json.internal.marshall"),
    ("SigV4 signing (payload hash included)", "awssdk.http.auth.aws"),
    ("endpoint resolution (rules)", "EndpointResolutionStage"),
]

samples = [stack for stack in open(sys.argv[1]).read().split("jdk.ExecutionSample") if "line:" in stack]
top = int(sys.argv[2]) if len(sys.argv) > 2 else 10
frames = [re.findall(r"^\s+([\w.$<>]+)\(", stack, re.M) for stack in samples]
print(f"{len(samples)} samples")
for name, package in PARTS:
    share = sum(1 for stack in frames if any(package in frame for frame in stack)) / len(samples)
    print(f"{100 * share:5.1f}%  {name}")
print("top frames (self):")
for frame, count in collections.Counter(stack[0] for stack in frames if stack).most_common(top):
    print(f"{100 * count / len(samples):5.1f}%  {frame}")
