"""Drives `vitals mcp` with the official MCP Python client (PyPI `mcp`), as an assistant's client would.

Usage: python mcp_client_check.py VITALS ZONE CALLS_JSON -- STORE_ARGUMENTS...
Starts `VITALS mcp STORE_ARGUMENTS --tz ZONE` (`--db PATH`, or `--server URL`; no --tz for an empty ZONE) over stdio, initializes, lists the tools and calls each
(name, arguments) pair of CALLS_JSON in order. Prints one JSON document on stdout:
{"server": ..., "protocolVersion": ..., "tools": [{name, inputSchema, readOnly}],
 "calls": [{name, arguments, isError, text, answer}]}, answer being the JSON text parsed.
"""
import asyncio
import os
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def main() -> None:
    vitals, zone, calls, store = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[5:]
    zone_arguments = ["--tz", zone] if zone else []
    params = StdioServerParameters(command=vitals, args=["mcp", *store, *zone_arguments], env=dict(os.environ))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            listed = await session.list_tools()
            answers = []
            for name, arguments in calls:
                result = await session.call_tool(name, arguments)
                text = result.content[0].text if result.content else None
                answers.append({
                    "name": name, "arguments": arguments, "isError": bool(result.is_error), "text": text,
                    "answer": None if result.is_error or text is None else json.loads(text),
                })
            print(json.dumps({
                "server": init.server_info.name, "protocolVersion": init.protocol_version,
                "tools": [{"name": tool.name, "inputSchema": tool.input_schema,
                           "readOnly": bool(tool.annotations and tool.annotations.read_only_hint)}
                          for tool in listed.tools],
                "calls": answers,
            }))


asyncio.run(main())
