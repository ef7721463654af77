// Types for wordpress-hash-node (a port of WordPress's phpass PasswordHash class), which ships none.
declare module "wordpress-hash-node" {
	const wordpressHash: {
		HashPassword(password: string): string;
		CheckPassword(password: string, hash: string): boolean;
	};
	export default wordpressHash;
}
