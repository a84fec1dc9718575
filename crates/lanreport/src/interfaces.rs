//! The networks the organiser can serve on: this computer's addresses, without the ones no
//! phone in the hall can reach or should: loopback, link-local, VPNs (WireGuard, Tailscale,
//! ZeroTier, OpenVPN tun/tap, the carrier-grade range Tailscale uses) and container or virtual
//! machine bridges (Docker, Podman, libvirt, LXC, VirtualBox, VMware). IPv4 comes before IPv6
//! (what phones on a hall's Wi-Fi use), and private LAN addresses first within each.

use std::net::IpAddr;

/// One address the server could bind, for the app's picker and the CLI.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[ts(export)]
pub struct LanAddress {
    /// The interface's name (`wlan0`, `en0`, `Ethernet`).
    pub interface: String,
    #[ts(type = "string")]
    pub ip: IpAddr,
}

/// Interface names of VPNs, containers and virtual machines (compared case-insensitively as
/// prefixes).
const LEFT_OUT: [&str; 22] = [
    "lo",
    "docker",
    "br-",
    "veth",
    "virbr",
    "vnet",
    "lxc",
    "lxd",
    "podman",
    "cni",
    "flannel",
    "cali",
    "vboxnet",
    "vmnet",
    "tun",
    "tap",
    "wg",
    "tailscale",
    "zt",
    "utun",
    "ham",
    "ppp",
];

fn is_link_local(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_link_local(),
        IpAddr::V6(v6) => (v6.segments()[0] & 0xffc0) == 0xfe80,
    }
}

/// 100.64.0.0/10: carrier-grade NAT, and the addresses of Tailscale's VPN.
fn is_shared(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.octets()[0] == 100 && (v4.octets()[1] & 0xc0) == 64,
        IpAddr::V6(_) => false,
    }
}

fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_private(),
        // unique local addresses, fc00::/7
        IpAddr::V6(v6) => (v6.segments()[0] & 0xfe00) == 0xfc00,
    }
}

/// The addresses worth offering, best first, from (interface name, address) pairs.
pub fn lan_addresses(all: impl IntoIterator<Item = (String, IpAddr)>) -> Vec<LanAddress> {
    let mut out: Vec<LanAddress> = all
        .into_iter()
        .filter(|(name, ip)| {
            let lower = name.to_ascii_lowercase();
            !ip.is_loopback()
                && !ip.is_unspecified()
                && !ip.is_multicast()
                && !is_link_local(*ip)
                && !is_shared(*ip)
                && !LEFT_OUT.iter().any(|p| lower.starts_with(p))
        })
        .map(|(interface, ip)| LanAddress { interface, ip })
        .collect();
    out.sort_by_key(|a| (a.ip.is_ipv6(), !is_private(a.ip), a.interface.clone(), a.ip));
    out.dedup();
    out
}

/// This computer's addresses worth offering, best first.
pub fn local_lan_addresses() -> std::io::Result<Vec<LanAddress>> {
    let all = if_addrs::get_if_addrs()?;
    Ok(lan_addresses(all.into_iter().map(|i| {
        let ip = i.ip();
        (i.name, ip)
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str, ip: &str) -> (String, IpAddr) {
        (
            name.to_string(),
            ip.parse().unwrap_or(IpAddr::from([0, 0, 0, 0])),
        )
    }

    #[test]
    fn only_the_halls_networks_are_offered_private_ipv4_first() {
        let got = lan_addresses([
            at("lo", "127.0.0.1"),
            at("lo", "::1"),
            at("docker0", "172.17.0.1"),
            at("br-5f2a", "172.18.0.1"),
            at("virbr0", "192.168.122.1"),
            at("wg0", "10.8.0.2"),
            at("tailscale0", "100.101.102.103"),
            at("enp3s0", "100.70.0.5"),
            at("wlan0", "fe80::1c2b:3ff:fe4d:5e6f"),
            at("wlan0", "169.254.10.20"),
            at("wlan0", "2a02:8070::1234"),
            at("wlan0", "192.168.1.20"),
            at("eth0", "10.0.0.7"),
            at("eth0", "fd12:3456::7"),
        ]);
        let list: Vec<(String, String)> = got
            .iter()
            .map(|a| (a.interface.clone(), a.ip.to_string()))
            .collect();
        assert_eq!(
            list,
            [
                ("eth0".to_string(), "10.0.0.7".to_string()),
                ("wlan0".to_string(), "192.168.1.20".to_string()),
                ("eth0".to_string(), "fd12:3456::7".to_string()),
                ("wlan0".to_string(), "2a02:8070::1234".to_string()),
            ]
        );
    }

    #[test]
    fn this_computers_list_never_holds_loopback() {
        // whatever the machine has, the filter holds
        let got = local_lan_addresses().unwrap_or_default();
        assert!(got
            .iter()
            .all(|a| !a.ip.is_loopback() && !is_link_local(a.ip)));
    }
}
