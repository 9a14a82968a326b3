"""Finding servers on the local network: DNS-SD over multicast DNS (`zeroconf`).

A server announces itself (`announce.Announcer`, driven from trio by `announce.announce`);
clients browse (`browse.Browser`, `browse.find_servers`). What a server says of itself travels
in the service's TXT record, written and read by `records`, which treats everything it reads as
hostile: it is capped, cleaned of control characters and never trusted for more than display.
"""

SERVICE_TYPE = "_cardtable._tcp.local."
